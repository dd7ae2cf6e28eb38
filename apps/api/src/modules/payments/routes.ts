import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.js';
import { checkTransfer, pollTransfers } from './checks.js';
import type { Payments } from './service.js';
import { checkBy, findTransferById } from '../ledger/index.js';
import { webhookThrottle } from './webhook-checks.js';
import { orderPaymentRoutes, type OrderPaymentRouteOptions } from './order-routes.js';

interface WebhookRouteOptions {
  db: Db;
  clock: () => Date;
  payments: Payments;
}

export type PaymentRouteOptions = OrderPaymentRouteOptions;

/**
 * Payments' routes: the gateway's webhook, when a gateway is configured, in a scope of its own (it reads its body raw),
 * and an order's payment routes, which answer without a gateway too (paying at the shop instead).
 */
export const paymentRoutes: FastifyPluginAsync<PaymentRouteOptions> = async (app, options) => {
  const { db, clock, payments } = options;
  if (payments) await app.register(webhookRoutes, { db, clock, payments });
  await app.register(orderPaymentRoutes, options);
};

/** Where an event names its transfer: our charge_id, at the top or under data as some samples nest it. */
function chargeIdOf(event: unknown): string | undefined {
  if (!event || typeof event !== 'object') return undefined;
  const { charge_id: top, data } = event as { charge_id?: unknown; data?: { charge_id?: unknown } | null };
  const id = top ?? data?.charge_id;
  return typeof id === 'string' && id.length <= 64 ? id : undefined;
}

/**
 * PayChangu's webhook (docs/decisions/0052). The body is kept raw: the signature covers its exact bytes. A signed
 * event only says "look again": the transfer is verified with the gateway before anything changes, after the 200,
 * so the gateway is answered at once and its retries find the work done. Events for one transfer ask the gateway at
 * most once per PAYMENT_POLL_SECONDS: the rest only bring the poller's next check forward.
 */
const webhookRoutes: FastifyPluginAsync<WebhookRouteOptions> = async (app, { db, clock, payments }) => {
  const throttle = webhookThrottle(payments.pollSeconds * 1000);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/paychangu/webhook',
    // Signed by the gateway, which may send many at once: no per-address limit; a forged one costs one HMAC.
    { config: { access: 'public', rateLimit: false }, schema: { hide: true } },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers.signature;
      if (!payments.gateway.verifyWebhookSignature(raw, Array.isArray(signature) ? signature[0] : signature))
        return reply.status(401).send({ message: 'The event is not signed by the payment service.' });
      let event: unknown;
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        request.log.warn('payment event: signed but not JSON');
        return { received: true };
      }
      const chargeId = chargeIdOf(event);
      const row = chargeId ? await findTransferById(db.kysely, chargeId) : undefined;
      if (!row) {
        request.log.warn({ chargeId }, 'payment event for a transfer we do not know');
        return { received: true };
      }
      // Settled for good: nothing an event says can change it (a failed charge can still turn out paid).
      if (row.status === 'paid' || (row.status === 'failed' && row.kind !== 'charge')) return { received: true };
      const now = clock();
      const askedRecently = throttle.take(row.transfer_id, now.getTime());
      if (askedRecently !== undefined) {
        await checkBy(db.kysely, row.id, new Date(askedRecently).toISOString());
        return { received: true };
      }
      // Then the poller's round at once: a refund the event led to goes out now, not at the next tick.
      payments.later(async () => {
        await checkTransfer(payments, row, now);
        await pollTransfers(payments, clock());
      });
      return { received: true };
    },
  );
};
