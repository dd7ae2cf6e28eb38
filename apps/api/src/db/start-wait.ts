import type { Db } from './database.js';
import { faultOf } from './faults.js';
import { prepareDatabase } from './startup.js';
import type { SeedOptions } from './seed/index.js';

export interface StartWait {
  /** How long to go on trying (DB_START_WAIT_SECONDS); 0: one try. */
  waitMs: number;
  /** Told of each failed try: the operator sees a start waiting, not a hung process. */
  log: (message: string) => void;
  /** Tests pass their own clock and pause, so no test waits in real time. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** What is tried: prepareDatabase (tests give a SQLite fault, which a real file rarely shows). */
  prepare?: (db: Db, seedOptions: Omit<SeedOptions, 'serialize'>) => Promise<void>;
}

/** The first pause between tries, doubled after each up to the longest. */
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 10_000;

/** Whether an error (or the error it wraps: migrate.ts names the failed step) is the database being away. */
function unreachable(error: unknown): boolean {
  return faultOf(error) === 'unreachable' || faultOf((error as { cause?: unknown } | null)?.cause) === 'unreachable';
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  const code = (cause as { code?: unknown } | null)?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * prepareDatabase, tried again with backoff while the database cannot be reached, for up to `waitMs`: a
 * server started with (or just before) its database, as after a machine's reboot or in a container platform
 * starting both at once, waits for it instead of exiting (docs/decisions/0075). Anything else (a migration
 * that fails on its own, a constraint) stops the start at once, as before. Safe to repeat: migrations and the
 * seed are transactional and check what is already done.
 */
export async function prepareWhenReachable(
  db: Db,
  seedOptions: Omit<SeedOptions, 'serialize'>,
  {
    waitMs,
    log,
    now = Date.now,
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    prepare = prepareDatabase,
  }: StartWait,
): Promise<void> {
  const deadline = now() + waitMs;
  let pause = FIRST_PAUSE_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await prepare(db, seedOptions);
      if (attempt > 1) log(`Database reached on try ${attempt}`);
      return;
    } catch (error) {
      const left = deadline - now();
      if (!unreachable(error)) throw error;
      if (left <= 0) {
        throw new Error(
          `Database unreachable after ${attempt} tries over ${Math.round(waitMs / 1000)} s (DB_START_WAIT_SECONDS): ${reasonOf(error)}`,
          { cause: error },
        );
      }
      const wait = Math.min(pause, left);
      log(
        `Database unreachable (try ${attempt}: ${reasonOf(error)}); trying again in ${(wait / 1000).toFixed(1)} s, giving up in ${Math.ceil(left / 1000)} s`,
      );
      await sleep(wait);
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }
}
