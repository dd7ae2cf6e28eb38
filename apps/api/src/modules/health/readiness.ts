/** What a starting server is doing before it can serve (db/startup.ts). */
export type StartStep = 'migrations' | 'seed' | 'search reindex' | 'Redis';

/**
 * Whether this process should be sent traffic, apart from whether it is alive (decision 0074): not while
 * it starts (the server listens before it migrates, so a load balancer can ask), and not once it drains
 * for shutdown. `GET /api/health/ready` adds the database and storage checks to this.
 */
export class Readiness {
  #step: StartStep | undefined;
  #state: 'starting' | 'ready' | 'draining';
  #started: Promise<void>;
  #resolveStarted!: () => void;
  #waits: { step: StartStep; work: Promise<unknown> }[] = [];

  /** Tests build apps on a prepared database: ready from the start unless told otherwise. */
  constructor({ starting = false } = {}) {
    this.#state = starting ? 'starting' : 'ready';
    this.#started = new Promise((resolve) => (this.#resolveStarted = resolve));
    if (!starting) this.#resolveStarted();
  }

  /** Resolves once the start is done: background jobs wait for it, as they need the migrated database. */
  get started(): Promise<void> {
    return this.#started;
  }

  /** The start's current step, named in the 503 while starting. */
  doing(step: StartStep): void {
    this.#step = step;
  }

  /**
   * Work the app began while it was built that must be done before the process is ready, and goes on meanwhile
   * (the first connection to Redis, while the server listens and prepares the database: decision 0090).
   * `work` must end by itself and never reject.
   */
  waitFor(step: StartStep, work: Promise<unknown>): void {
    this.#waits.push({ step, work });
  }

  /** Resolves once the work given to waitFor is done, naming each step in the 503 while it waits. */
  async settle(): Promise<void> {
    for (const { step, work } of this.#waits) {
      this.#step = step;
      await work;
    }
  }

  /** The start is done: the process may be sent traffic. */
  ready(): void {
    if (this.#state !== 'starting') return;
    this.#state = 'ready';
    this.#step = undefined;
    this.#resolveStarted();
  }

  /** Shutdown began: say not ready from now on, while requests already sent are still answered. */
  drain(): void {
    this.#state = 'draining';
  }

  get starting(): boolean {
    return this.#state === 'starting';
  }

  /** Why the process should not be sent traffic, leaving the database and storage aside; undefined when it may. */
  reason(): string | undefined {
    if (this.#state === 'draining') return 'Shutting down';
    if (this.#state === 'starting') return `Starting: ${this.#step ?? 'preparing'}`;
    return undefined;
  }
}
