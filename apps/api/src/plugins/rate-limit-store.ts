import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

// @fastify/rate-limit's own stores (not typed as exports): the Redis one shares counters between server
// processes, the local one counts in this process's memory.
const require = createRequire(import.meta.url);
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
type StoreCtor<A extends unknown[]> = new (...args: A) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreCtor<[boolean, boolean, Redis, string]>;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreCtor<[boolean, boolean]>;

/** Whether Redis is usable, shared by every route's store so an outage is logged once, not per route. */
class Health {
  down = false;
  constructor(readonly log: FastifyBaseLogger) {}

  failed(error: unknown) {
    if (this.down) return;
    this.down = true;
    this.log.warn({ err: error }, 'Redis unreachable: rate limits count in this process until it returns');
  }

  answered() {
    if (!this.down) return;
    this.down = false;
    this.log.info('Redis reachable again: rate limits are shared again');
  }
}

/**
 * Counts in Redis while it answers and in this process's memory when it does not, so a Redis outage
 * loosens the limits (each process counts alone) but never fails a request.
 */
class FallbackStore implements Store {
  constructor(
    private readonly redis: Redis,
    private readonly shared: Store,
    private readonly local: Store,
    private readonly health: Health,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    // Not connected (ioredis reconnects by itself): do not wait for it.
    if (this.redis.status !== 'ready') {
      this.health.failed(new Error(`Redis connection is ${this.redis.status}`));
      this.local.incr(key, cb, timeWindow, max);
      return;
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (error) {
          this.health.failed(error);
          this.local.incr(key, cb, timeWindow, max);
          return;
        }
        this.health.answered();
        cb(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: unknown): Store {
    return new FallbackStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions), this.health);
  }
}

/** The rate-limit plugin's `store` option: Redis with a local fallback. */
export function redisWithFallback(redis: Redis, log: FastifyBaseLogger, nameSpace: string) {
  const health = new Health(log);
  return class {
    constructor(options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      const store = new FallbackStore(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        health,
      );
      return store as unknown as FastifyRateLimitStore;
    }
  } as unknown as new (options: FastifyRateLimitOptions) => FastifyRateLimitStore;
}

/** How long start-up waits for Redis before counting locally (the store switches over once it answers). */
const REDIS_START_WAIT_MS = 2_000;

/**
 * A client that fails fast while disconnected and never lets an error event go unheard, with the wait for its
 * first connection: the start waits briefly for it (readiness.waitFor), so several processes starting together
 * share their counters from the first request; a Redis that is down does not stop the server from starting. The
 * wait goes on while the server listens and prepares the database, no longer before it listens (decision 0090).
 */
export function rateLimitRedis(
  url: string,
  log: FastifyBaseLogger,
  RedisClass: typeof Redis,
): { redis: Redis; connected: Promise<void> } {
  const redis = new RedisClass(url, {
    connectTimeout: REDIS_START_WAIT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
    // ioredis 5's reconnection delay (50 ms more per attempt, at most 2 s): ioredis 6's default doubles to 5 s,
    // which would leave the processes counting alone for up to 5 s after Redis returns.
    retryStrategy: (times) => Math.min(times * 50, 2_000),
  });
  // The store logs the outage once; ioredis keeps reconnecting meanwhile.
  redis.on('error', () => {});
  const connected = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      log.warn('Redis did not answer at start-up: rate limits count in this process until it does');
      resolve();
    }, REDIS_START_WAIT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return { redis, connected };
}
