import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEFAULT_BUYER_OFFER_HOURS,
  DEFAULT_COACH_FARE_MAX,
  DEFAULT_KEEP_ALIVE_SECONDS,
  DEFAULT_OFFER_DAYS,
  DEFAULT_REPORT_HIDES_PER_HOUR,
  DEFAULT_PERSONAL_DATA_MONTHS,
  DEFAULT_RESERVATION_HOURS,
  DEFAULT_SMTP_FROM,
  RESERVATION_DEFAULTS,
  type Config,
} from './config.js';
import type { Db } from './db/database.js';
import { requireDeclaredAccess } from './plugins/access.js';
import { registerAuth } from './plugins/auth.js';
import { registerShopScope } from './plugins/shop-scope.js';
import { registerCatalogueCache } from './plugins/catalogue-cache.js';
import { registerCompression } from './plugins/compression.js';
import { pageForm } from './plugins/page-form.js';
import { registerErrorHandler } from './plugins/errors.js';
import { clientErrorHandler, frameworkErrors } from './plugins/framework-errors.js';
import { registerJobs } from './plugins/jobs.js';
import { SMS_BUDGET_DEFAULTS, transportsFromConfig } from './modules/notifications/index.js';
import { createMetrics, registerMetrics } from './plugins/metrics.js';
import { registerJsonBody } from './plugins/json-body.js';
import { registerMultipart } from './plugins/multipart.js';
import { refuseNul } from './plugins/no-nul.js';
import { registerOpenApi, serveOpenApi } from './plugins/openapi.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { readableLines, RequestLines, requestSerializer } from './plugins/request-lines.js';
import { registerRequestId, requestIdOf } from './plugins/request-id.js';
import { registerRequestTarget } from './plugins/request-target.js';
import { refuseOtherSites } from './plugins/same-origin.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { refuseWhileStarting } from './plugins/starting-gate.js';
import { registerWebApp } from './plugins/web-app.js';
import { adminProductRoutes, productOfDevice } from './modules/admin-products/index.js';
import { deviceRoutes } from './modules/devices/index.js';
import { stockMoveRoutes } from './modules/stock-moves/index.js';
import { buyerOfferRoutes, offerLinks, offerStaffRoutes } from './modules/offers/index.js';
import { authRoutes, revokeUserSessions, secondFactorRoutes } from './modules/auth/index.js';
import { categoryRoutes } from './modules/categories/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { estimateRoutes } from './modules/estimates/index.js';
import { featuredRoutes } from './modules/featured/index.js';
import { personalDataRoutes } from './modules/personal-data/index.js';
import { reportRoutes } from './modules/reports/index.js';
import { Readiness, healthRoutes } from './modules/health/index.js';
import { imageRoutes } from './modules/images/index.js';
import { moneyRoutes } from './modules/money/index.js';
import { addReplacementItem, orderRoutes, orderLinks, salesOfProduct } from './modules/orders/index.js';
import { paychanguGateway, paymentRoutes, createPayments } from './modules/payments/index.js';
import { phoneProofRoutes } from './modules/phone-proof/index.js';
import { alertRoutes } from './modules/alerts/index.js';
import { productRoutes } from './modules/products/index.js';
import { sellerAccountRoutes } from './modules/seller-accounts/index.js';
import {
  requestOfDevice,
  sellerCameBackRoutes,
  sellerRequestRoutes,
  statusLinks,
} from './modules/seller-requests/index.js';
import { shopRoutes } from './modules/shops/index.js';
import { userRoutes } from './modules/users/index.js';
import {
  AFTER_SALE_DEFAULTS,
  afterSaleRulesRoutes,
  afterSaleView,
  buyerReturnRoutes,
  returnOutcomeRoutes,
  returnStaffRoutes,
  sellerCameBack,
} from './modules/returns/index.js';
import { keepCallersAnswersPrivate } from './plugins/private-answers.js';

export interface AppOptions {
  config: Pick<Config, 'env' | 'logLevel' | 'webDist' | 'trustProxy'> &
    Partial<
      Pick<
        Config,
        | 'reservationHours'
        | 'unprovedHoldHours'
        | 'maxHeldPerPhone'
        | 'maxHeldPerAddress'
        | 'ordersPerAddressHour'
        | 'reservationAlarmPerHour'
        | 'phoneCodesPerAddressHour'
        | 'phoneCodesPerIpv4Hour'
        | 'smsBudget'
        | 'reportHidesPerHour'
        | 'offerDays'
        | 'offerHours'
        | 'afterSale'
        | 'coachFareMax'
        | 'orderSweepSeconds'
        | 'alertsSweepSeconds'
        | 'publicCacheMb'
        | 'smtpUrl'
        | 'smtpFrom'
        | 'sms'
        | 'outboxPollSeconds'
        | 'outboxConcurrency'
        | 'publicUrl'
        | 'linkSecret'
        | 'metricsToken'
        | 'requestTimeoutSeconds'
        | 'keepAliveSeconds'
        | 'staleIfErrorSeconds'
        | 'catalogueListLagSeconds'
        | 'logFormat'
        | 'requireStaffMfa'
        | 'paychangu'
        | 'paymentHoldMinutes'
        | 'paidHoldDays'
        | 'paymentPollSeconds'
        | 'backups'
        | 'personalDataMonths'
      >
    > & {
      redisUrl?: string | undefined;
    };
  db: Db;
  /** Tests pass false to keep output quiet. */
  logger?: boolean;
  /** Where JSON log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): unknown };
  /** The time orders and offers are made, acted on and expired at; tests pass their own to move it. */
  clock?: () => Date;
  /** Run background work (the reservation and offer expiry sweeps): the server sets it, tests call the work directly. */
  jobs?: boolean;
  /** Whether to send this process traffic (/api/health/ready); the server's starts as starting, tests' as ready. */
  readiness?: Readiness;
}

const systemClock = () => new Date();

export async function buildApp({
  config,
  db,
  logger = true,
  logStream,
  clock = systemClock,
  jobs = false,
  readiness = new Readiness(),
}: AppOptions): Promise<FastifyInstance> {
  const trust = config.trustProxy;
  const lines = logger && config.logFormat === 'lines';
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.authorization', 'req.headers.cookie'],
          // URLs are logged masked: no private link's token, no looked-up phone or email (decision 0087).
          serializers: { req: requestSerializer },
          ...(lines ? { stream: readableLines() } : logStream ? { stream: logStream } : {}),
        }
      : false,
    ...(lines ? { logController: new RequestLines() } : {}),
    // A hop count trusts only the nearest proxies, so the client's own X-Forwarded-For entries never count.
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    bodyLimit: 1024 * 1024,
    // A request may take minutes (photos over 3G) but not forever. Idle keep-alive connections stay open longer
    // than a balancer keeps them (docs/decisions/0075), so the balancer, not the server, closes them.
    requestTimeout: (config.requestTimeoutSeconds ?? 300) * 1000,
    connectionTimeout: (config.requestTimeoutSeconds ?? 300) * 1000,
    keepAliveTimeout: (config.keepAliveSeconds ?? DEFAULT_KEEP_ALIVE_SECONDS) * 1000,
    // On close, idle keep-alive connections are closed at once instead of holding shutdown open.
    forceCloseConnections: 'idle',
    // Errors before routing (a bad or over-long URL, unreadable requests) as problem+json, never echoing input.
    frameworkErrors,
    clientErrorHandler,
    // Each request's id: the balancer's X-Request-Id when sane, else our own (plugins/request-id.ts); it is in
    // every log line of the request (reqId), every error answer (request_id) and the X-Request-Id header.
    genReqId: requestIdOf(trust !== false),
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  const metrics = createMetrics();
  // First of all hooks: a cached catalogue answer is sent before any other hook runs, with the request's id and
  // the security headers among its prepared ones, and counted in its route's request figures by the cache
  // itself (issue 39); its onSend hook also comes before compress, which then leaves the already compressed
  // answers alone. Rendered pages come in two forms: with photos, and for data saver (plugins/data-saver.ts).
  registerCatalogueCache(app, db, {
    formOf: pageForm,
    // Read twice per cached answer: without a test's clock, no Date made for it.
    now: clock === systemClock ? Date.now : () => clock().getTime(),
    ...(config.publicCacheMb ? { maxBytes: config.publicCacheMb * 1024 * 1024 } : {}),
    // A database outage: the pages held are served, marked stale, for a while (docs/decisions/0075).
    ...(config.staleIfErrorSeconds !== undefined ? { staleIfErrorMs: config.staleIfErrorSeconds * 1000 } : {}),
    // Lists may lag a few seconds behind which products they hold (docs/decisions/0092); tests: exact.
    ...(config.catalogueListLagSeconds ? { listLagMs: config.catalogueListLagSeconds * 1000 } : {}),
    onLookup: metrics.cacheLookup,
    figuresOf: metrics.route,
  });
  // Every other answer, a refusal included, carries the request's id.
  registerRequestId(app);
  // Every request is counted, cached answers included (by the cache, above; the others in the response listener).
  const smsBudget = config.smsBudget ?? SMS_BUDGET_DEFAULTS;
  registerMetrics(app, { db, metrics, token: config.metricsToken, sms: { smsBudget, clock } });
  // A request target with a fragment is refused before anything else reads its URL (plugins/request-target.ts);
  // the cache before it only looks its URL up among those a catalogue route answered, which never held one.
  registerRequestTarget(app);
  // Next: answers refused by a later hook (401, 403, 404) carry the headers too.
  registerSecurityHeaders(app);
  // After the security headers so its 503 carries them; the catalogue cache before it is empty at start.
  refuseWhileStarting(app, readiness);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, db.faults);
  registerJsonBody(app);
  requireDeclaredAccess(app);
  refuseOtherSites(app, config.publicUrl);
  refuseNul(app);
  registerAuth(app, db, { requireStaffMfa: config.requireStaffMfa ?? false });
  registerShopScope(app, db.kysely);
  keepCallersAnswersPrivate(app);
  const publicUrl = config.publicUrl ?? 'http://localhost:3000';
  const links = statusLinks(db, publicUrl, config.linkSecret);
  // Orders' message links are made from the same server key as sellers' (docs/decisions/0060).
  const buyerLinks = orderLinks(() => links.key(), publicUrl);
  const alertLinks = { key: () => links.key(), publicUrl };
  // Mobile money only with a gateway configured (PAYCHANGU_*); without one, buyers pay at the shop as before.
  const payments = config.paychangu
    ? createPayments({
        db,
        gateway: paychanguGateway(config.paychangu),
        pollSeconds: config.paymentPollSeconds ?? 30,
        holdMinutes: config.paymentHoldMinutes ?? 15,
        paidHoldDays: config.paidHoldDays ?? 14,
        log: app.log,
        links: buyerLinks,
      })
    : undefined;
  if (payments) {
    app.decorate('payments', payments);
    app.addHook('onClose', () => payments.idle());
  }
  const transports = transportsFromConfig({
    smtpUrl: config.smtpUrl,
    smtpFrom: config.smtpFrom ?? DEFAULT_SMTP_FROM,
    sms: config.sms,
  });
  // Phone codes go through it in their request, the buyer waiting (docs/decisions/0088).
  const smsTransport = transports.find((t) => t.channel === 'sms');
  if (jobs) {
    registerJobs(app, {
      db,
      clock,
      after: readiness.started,
      sweepSeconds: config.orderSweepSeconds ?? 60,
      reservationHours: config.reservationHours ?? DEFAULT_RESERVATION_HOURS,
      payments,
      outbox: {
        transports,
        pollSeconds: config.outboxPollSeconds ?? 10,
        smsBudget,
        ...(config.outboxConcurrency !== undefined ? { concurrency: config.outboxConcurrency } : {}),
      },
      links: buyerLinks,
      alerts: { links: alertLinks, sweepSeconds: config.alertsSweepSeconds ?? 60 },
      metrics,
      backups: config.backups,
      personalDataMonths: config.personalDataMonths ?? DEFAULT_PERSONAL_DATA_MONTHS,
    });
  }

  await registerCompression(app);
  await registerRateLimit(app, config.redisUrl, readiness);
  await registerMultipart(app);
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      serveOpenApi(api);
      await api.register(healthRoutes, { db, readiness });
      await api.register(productRoutes, { db });
      await api.register(imageRoutes, { db });
      await api.register(authRoutes, {
        db,
        clock,
        publicUrl,
        requireStaffMfa: config.requireStaffMfa ?? false,
        key: () => links.key(),
      });
      await api.register(userRoutes, { db, endSessions: revokeUserSessions });
      await api.register(afterSaleRulesRoutes, { afterSale: config.afterSale ?? AFTER_SALE_DEFAULTS });
      for (const routes of [shopRoutes, categoryRoutes, adminProductRoutes, featuredRoutes]) {
        await api.register(routes, { db });
      }
      // TOTP secrets are encrypted under the same server key as the status links (docs/decisions/0050).
      await api.register(secondFactorRoutes, {
        db,
        clock,
        key: () => links.key(),
        requireStaffMfa: config.requireStaffMfa ?? false,
        publicUrl,
      });
      await api.register(sellerRequestRoutes, {
        db,
        clock,
        offerDays: config.offerDays ?? DEFAULT_OFFER_DAYS,
        links,
        payments,
        sms: config.sms !== undefined,
      });
      // Returns count a seller's items that came back; returns imports orders, which imports seller-requests.
      await api.register(sellerCameBackRoutes, { db, clock, cameBack: sellerCameBack });
      await api.register(sellerAccountRoutes, {
        db,
        clock,
        links,
        publicUrl,
      });
      await api.register(deviceRoutes, {
        db,
        clock,
        items: { product: productOfDevice, sellerRequest: requestOfDevice },
      });
      await api.register(personalDataRoutes, { db, clock });
      await api.register(stockMoveRoutes, { db, clock });
      await api.register(moneyRoutes, { db, clock, payments });
      await api.register(estimateRoutes, { db, clock });
      await api.register(dashboardRoutes, {
        db,
        clock,
        alarmPerHour: config.reservationAlarmPerHour ?? RESERVATION_DEFAULTS.alarmPerHour,
        paidHoldDays: config.paidHoldDays ?? 14,
      });
      // Phones are proved where a code can reach them: with an SMS transport (docs/decisions/0035).
      const proof = {
        enabled: config.sms !== undefined,
        key: () => links.key(),
        codesPerAddressHour: config.phoneCodesPerAddressHour ?? RESERVATION_DEFAULTS.codesPerAddressHour,
        codesPerIpv4Hour: config.phoneCodesPerIpv4Hour ?? RESERVATION_DEFAULTS.codesPerIpv4Hour,
        smsBudget,
        ...(smsTransport ? { sms: { transport: smsTransport, alert: metrics.outboxAlert } } : {}),
      };
      await api.register(phoneProofRoutes, { db, clock, proof });
      // Only proved phones' reports hide an item by themselves, a few an hour at most (docs/decisions/0086).
      await api.register(reportRoutes, {
        db,
        clock,
        proof,
        metrics,
        hidesPerHour: config.reportHidesPerHour ?? DEFAULT_REPORT_HIDES_PER_HOUR,
      });
      await api.register(alertRoutes, { db, clock, proof, links: alertLinks });
      const rules = {
        hours: config.reservationHours ?? DEFAULT_RESERVATION_HOURS,
        unprovedHours: config.unprovedHoldHours ?? RESERVATION_DEFAULTS.unprovedHoldHours,
        maxPerPhone: config.maxHeldPerPhone ?? RESERVATION_DEFAULTS.maxHeldPerPhone,
        maxPerAddress: config.maxHeldPerAddress ?? RESERVATION_DEFAULTS.maxHeldPerAddress,
        ordersPerAddressHour: config.ordersPerAddressHour ?? RESERVATION_DEFAULTS.ordersPerAddressHour,
      };
      // Returns and warranty (docs/decisions/0099): orders' page shows them, returns reads orders (no circle).
      const afterSale = config.afterSale ?? AFTER_SALE_DEFAULTS;
      await api.register(orderRoutes, {
        db,
        clock,
        proof,
        payments,
        links: buyerLinks,
        coachFareMax: config.coachFareMax ?? DEFAULT_COACH_FARE_MAX,
        rules,
        afterSale: afterSaleView(afterSale),
      });
      await api.register(buyerReturnRoutes, { db, clock, rules: afterSale, proof, links: buyerLinks });
      // The gateway's webhook (with a gateway only) and an order's pay and refund-retry routes.
      await api.register(paymentRoutes, { db, clock, payments, proof, rules, links: buyerLinks });
      // Buyers' offers (docs/decisions/0103): their links are made from the same server key as orders'.
      const offers = {
        db,
        clock,
        links: offerLinks(() => links.key(), publicUrl),
        offerHours: config.offerHours ?? DEFAULT_BUYER_OFFER_HOURS,
      };
      await api.register(buyerOfferRoutes, { ...offers, proof });
      await api.register(offerStaffRoutes, offers);
      // The counter's steps of returns and warranty claims (docs/decisions/0099).
      await api.register(returnStaffRoutes, { db, clock, links: buyerLinks });
      // A return's refund, replacement and write-off, an item's history; order lines are orders' to write and read.
      await api.register(returnOutcomeRoutes, {
        db,
        clock,
        payments,
        addOrderLine: addReplacementItem,
        salesOfProduct,
      });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, { webDist: config.webDist, publicUrl: config.publicUrl ?? '' });
  // An app built ready (tests) has its connections now; the server's start waits for them after it listens.
  if (!readiness.starting) await readiness.settle();
  return app;
}
