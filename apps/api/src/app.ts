import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import compress from '@fastify/compress';
import { Redis } from 'ioredis';
import { rateLimitRedis, redisWithFallback } from './plugins/rate-limit-store.js';
import { clientErrorHandler, frameworkErrors } from './plugins/framework-errors.js';
import { refuseOtherSites } from './plugins/same-origin.js';
import { refuseNul } from './plugins/no-nul.js';
import { registerCatalogueCache } from './plugins/catalogue-cache.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWebApp } from './plugins/web-app.js';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MAX_IMAGES } from '@marketplace/shared';
import { DEFAULT_OFFER_DAYS, DEFAULT_RESERVATION_HOURS, DEFAULT_SMTP_FROM, type Config } from './config.js';
import type { Db } from './db/database.js';
import { requireDeclaredAccess } from './plugins/access.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerAuth } from './plugins/auth.js';
import { registerJobs } from './plugins/jobs.js';
import { transportsFromConfig } from './modules/notifications/transports.js';
import { authRoutes } from './modules/auth/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { shopRoutes } from './modules/shops/routes.js';
import { categoryRoutes } from './modules/categories/routes.js';
import { adminProductRoutes } from './modules/admin-products/routes.js';
import { featuredRoutes } from './modules/featured/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { sellerAccountRoutes } from './modules/seller-accounts/routes.js';
import { sellerRequestRoutes } from './modules/seller-requests/routes.js';
import { statusLinks } from './modules/seller-requests/links.js';
import { orderRoutes } from './modules/orders/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { productRoutes } from './modules/products/routes.js';
import { readableLines, RequestLines } from './plugins/request-lines.js';
import { imageRoutes } from './modules/images/routes.js';
import { MAX_IMAGE_BYTES } from './modules/images/upload.js';

export interface AppOptions {
  config: Pick<Config, 'env' | 'logLevel' | 'webDist' | 'trustProxy'> &
    Partial<
      Pick<Config, 'reservationHours' | 'offerDays' | 'orderSweepSeconds' | 'smtpUrl' | 'smtpFrom' | 'sms' | 'outboxPollSeconds' | 'publicUrl' | 'linkSecret' | 'requestTimeoutSeconds' | 'keepAliveSeconds' | 'logFormat'>
    > & {
      redisUrl?: string | undefined;
    };
  db: Db;
  /** Tests pass false to keep output quiet. */
  logger?: boolean;
  /** The time orders and offers are made, acted on and expired at; tests pass their own to move it. */
  clock?: () => Date;
  /** Run background work (the reservation and offer expiry sweeps): the server sets it, tests call the work directly. */
  jobs?: boolean;
}

export async function buildApp({ config, db, logger = true, clock = () => new Date(), jobs = false }: AppOptions): Promise<FastifyInstance> {
  const trust = config.trustProxy;
  const lines = logger && config.logFormat === 'lines';
  const app = Fastify({
    logger: logger ? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'], ...(lines ? { stream: readableLines() } : {}) } : false,
    ...(lines ? { logController: new RequestLines() } : {}),
    // A hop count trusts only the nearest proxies, so the client's own X-Forwarded-For entries never count.
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    bodyLimit: 1024 * 1024,
    // A request may take minutes (photos over 3G) but not forever; idle keep-alive connections close soon.
    requestTimeout: (config.requestTimeoutSeconds ?? 300) * 1000,
    connectionTimeout: (config.requestTimeoutSeconds ?? 300) * 1000,
    keepAliveTimeout: (config.keepAliveSeconds ?? 5) * 1000,
    // On close, idle keep-alive connections are closed at once instead of holding shutdown open.
    forceCloseConnections: 'idle',
    // Errors before routing (a bad or over-long URL, unreadable requests) as problem+json, never echoing input.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // First of all hooks: a cached catalogue answer (with the security headers among its prepared ones) is
  // sent before any other hook runs; its onSend hook also comes before compress, which then leaves the
  // already compressed answers alone.
  registerCatalogueCache(app, db);
  // Next: answers refused by a later hook (401, 403, 404) carry the headers too.
  registerSecurityHeaders(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, db.faults);
  // Action calls (publish, approve...) are PUT/POST without a body; some clients still send a JSON type.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : json(request, body as string, done),
  );
  requireDeclaredAccess(app);
  refuseOtherSites(app, config.publicUrl);
  refuseNul(app);
  registerAuth(app, db);
  if (jobs) {
    const transports = transportsFromConfig({ smtpUrl: config.smtpUrl, smtpFrom: config.smtpFrom ?? DEFAULT_SMTP_FROM, sms: config.sms });
    registerJobs(app, { db, clock, sweepSeconds: config.orderSweepSeconds ?? 60, outbox: { transports, pollSeconds: config.outboxPollSeconds ?? 10 } });
  }

  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // Global off: limits are set per route where abuse matters (interest, sell, login). With several API
  // processes the counters must be shared: Redis when REDIS_URL is set, else this process's memory.
  // A Redis outage falls back to per-process counters and is logged once; requests never fail for it.
  const redis = config.redisUrl ? await rateLimitRedis(config.redisUrl, app.log, Redis) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, { global: false, ...(redis ? { store: redisWithFallback(redis, app.log, 'marketplace-rl-') } : {}) });
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { files: MAX_IMAGES, fileSize: MAX_IMAGE_BYTES, fields: 30, fieldSize: 100 * 1024, parts: 40, headerPairs: 200 },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Marketplace API', version: '1.0.0' }, servers: [{ url: '/api' }] },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes, { db });
      await api.register(productRoutes, { db });
      await api.register(imageRoutes, { db });
      await api.register(authRoutes, { db });
      for (const routes of [userRoutes, shopRoutes, categoryRoutes, adminProductRoutes, featuredRoutes]) {
        await api.register(routes, { db });
      }
      const links = statusLinks(db, config.publicUrl ?? 'http://localhost:3000', config.linkSecret);
      await api.register(sellerRequestRoutes, { db, clock, offerDays: config.offerDays ?? DEFAULT_OFFER_DAYS, links });
      await api.register(sellerAccountRoutes, { db, clock, links });
      await api.register(dashboardRoutes, { db, clock });
      await api.register(orderRoutes, { db, clock, reservationHours: config.reservationHours ?? DEFAULT_RESERVATION_HOURS });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, { webDist: config.webDist, publicUrl: config.publicUrl ?? '' });
  return app;
}
