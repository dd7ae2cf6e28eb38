import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Readiness } from '../modules/health/index.js';
import { rateLimitRedis, redisWithFallback } from './rate-limit-store.js';

/**
 * Global off: limits are set per route where abuse matters (interest, sell, login). With several API
 * processes the counters must be shared: Redis when `redisUrl` is set, else this process's memory.
 * A Redis outage falls back to per-process counters and is logged once; requests never fail for it. The first
 * connection is waited for as a step of the start (`readiness`), after the server listens.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined, readiness: Readiness) {
  // ioredis is loaded only with REDIS_URL (decision 0090).
  const client = redisUrl ? rateLimitRedis(redisUrl, app.log, (await import('ioredis')).Redis) : undefined;
  const redis = client?.redis;
  if (client) readiness.waitFor('Redis', client.connected);
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisWithFallback(redis, app.log, 'marketplace-rl-') } : {}),
  });
}
