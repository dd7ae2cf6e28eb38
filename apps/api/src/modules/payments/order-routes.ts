import { adminOrderSchema, payOrderSchema, publicOrderSchema } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { ADMIN_ONLY } from '../../plugins/access.js';
import { idParams, tokenParams } from '../../plugins/params.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';
import { loadAdminOrder, ORDER_LINK_LIMIT } from '../orders/index.js';
import { payOrder, type PayContext } from './pay.js';
import { retryRefunds } from './refunds.js';

export interface OrderPaymentRouteOptions extends PayContext {
  db: Db;
  clock: () => Date;
}

/**
 * An order's payment: the buyer's next attempt through the order's link, and staff's retry of a refused refund.
 * Here rather than in orders' routes so that orders does not import payments (docs/decisions/0093).
 */
export const orderPaymentRoutes: FastifyPluginAsync<OrderPaymentRouteOptions> = async (
  fastify,
  { db, clock, payments, proof, rules, links },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  // Every answer here holds a buyer's name, phone and address.
  keepAnswersPrivate(app);

  app.post(
    '/v1/orders/:token/pay',
    {
      config: { access: 'public', ...ORDER_LINK_LIMIT },
      schema: { tags, params: tokenParams, body: payOrderSchema, response: { 200: publicOrderSchema } },
    },
    async (request) =>
      payOrder(
        db,
        { payments, proof, rules, links },
        { token: request.params.token, body: request.body, now: clock() },
      ),
  );

  // A refund the gateway refused is tried again by staff, as a new transfer: never two alive for one payment.
  app.post(
    '/admin/orders/:id/refund',
    { config: { access: ADMIN_ONLY }, schema: { tags, params: idParams, response: { 200: adminOrderSchema } } },
    async (request) => {
      await retryRefunds(db, request.user!, request.params.id, clock());
      payments?.nudge(clock);
      return loadAdminOrder(db.kysely, request.params.id);
    },
  );
};
