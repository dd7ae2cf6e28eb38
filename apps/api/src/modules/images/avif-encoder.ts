import type { FastifyBaseLogger } from 'fastify';

/**
 * AVIF renderings are made one at a time, in the background, after a browser that takes AVIF asked for a
 * variant: encoding takes 0.3-1 s of CPU per picture, too long to make a visitor wait for it and too much
 * to do for a whole page at once. Until one is ready the WebP answers. A bounded line: when it is full a
 * request is simply not queued (a later one queues it again), and a variant already in line is not
 * queued twice. Each server process has its own line; two that render the same variant save it once
 * (the save ignores a row already there).
 */
export class AvifEncoder {
  private readonly queued = new Set<string>();
  private readonly jobs: { key: string; job: () => Promise<void> }[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly capacity = 200,
  ) {}

  /** Queues `job` under `key` unless it is already in line or the line is full. */
  add(key: string, job: () => Promise<void>): void {
    if (this.queued.has(key) || this.queued.size >= this.capacity) return;
    this.queued.add(key);
    this.jobs.push({ key, job });
    this.running ??= this.drain();
  }

  /** Resolves once the line is empty (server shutdown waits for it; tests use it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    for (let next = this.jobs.shift(); next; next = this.jobs.shift()) {
      try {
        await next.job();
      } catch (err) {
        // The image was deleted meanwhile, or the database is busy: the WebP keeps answering.
        this.log.warn({ err, variant: next.key }, 'AVIF rendering failed');
      } finally {
        this.queued.delete(next.key);
      }
    }
    this.running = undefined;
  }
}
