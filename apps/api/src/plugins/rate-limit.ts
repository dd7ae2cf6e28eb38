import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { rateLimitRedis, redisWithFallback } from './rate-limit-store.js';

/**
 * Global off: limits are set per route where abuse matters (interest, sell, login). With several API
 * processes the counters must be shared: Redis when `redisUrl` is set, else this process's memory.
 * A Redis outage falls back to per-process counters and is logged once; requests never fail for it.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined) {
  const redis = redisUrl ? await rateLimitRedis(redisUrl, app.log, Redis) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisWithFallback(redis, app.log, 'marketplace-rl-') } : {}),
  });
}
