import {
  atMostText,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderSchema,
  buyerCancelSchema,
  cancelOrderSchema,
  completeOrderSchema,
  orderRequestSchema,
  orderStepSchema,
  readyOrderSchema,
  paymentOptionsSchema,
  placeOrderResultSchema,
  publicOrderSchema,
  languageOfCookie,
  resendOrderLinkResultSchema,
  resendOrderLinkSchema,
  type OrderStatus,
} from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { releaseCodeHold } from './collection-code.js';
import { ADMIN_ONLY, SHOP_WORK } from '../../plugins/access.js';
import type { ShopOf } from '../../plugins/shop-scope.js';
import { idParams, tokenParams } from '../../plugins/params.js';
import { HttpError } from '../../plugins/errors.js';
import { placeOrders } from './place.js';
import type { ReservationRules } from './limits.js';
import type { PhoneProof } from '../phone-proof/index.js';
import { addressGroup } from '../../plugins/address-group.js';
import { listOrders, orderShop } from './repository.js';
import {
  buyerCancel,
  loadAdminOrder,
  ORDER_NOT_FOUND,
  loadOrderByToken,
  staffAct,
  type AfterSaleOf,
} from './service.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';
import type { Payments } from '../payments/index.js';
import type { OrderLinks } from './buyer-links.js';
import { resendOrderLink } from './resend.js';

export const TOO_MANY_ORDERS = /*i18n*/ 'Too many orders from your network. Please try again in an hour.';
/** Reading and cancelling through the private link. */
const ORDER_LINK_PER_MINUTE = 120;
/** The rate limit of every route reached through an order's private link (payments' pay route too). */
export const ORDER_LINK_LIMIT = { rateLimit: { max: ORDER_LINK_PER_MINUTE, timeWindow: '1 minute' } };
/** "Lost your order link?" per address: each try is a guess at a number and phone pair (decision 0060). */
export const RESENDS_PER_ADDRESS_HOUR = 10;
export const RESEND_ANSWER = /*i18n*/ 'If the number and phone match an order, its link is on its way by SMS.';

export interface OrderRouteOptions {
  db: Db;
  clock: () => Date;
  rules: ReservationRules;
  proof: PhoneProof;
  /** Mobile money, when a gateway is configured. */
  payments?: Payments | undefined;
  /** The server's link key: buyers are told of their orders with a link made from it (decision 0060). */
  links?: OrderLinks | undefined;
  /** The largest coach fare staff may add (COACH_FARE_MAX). */
  coachFareMax: number;
  /** A completed order's returns and warranty (modules/returns, which imports orders: passed in from app.ts). */
  afterSale?: AfterSaleOf | undefined;
}

// A POST without a body arrives as null: cancelling needs no reason.
const buyerCancelBody = buyerCancelSchema.nullable();

export const orderRoutes: FastifyPluginAsync<OrderRouteOptions> = async (
  fastify,
  { db, clock, rules, proof, payments, links, coachFareMax, afterSale },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const config = { access: SHOP_WORK };
  const ownOrder: ShopOf = { find: orderShop, missing: ORDER_NOT_FOUND };
  // Every answer here holds a buyer's name, phone and address.
  keepAnswersPrivate(app);

  app.post(
    '/v1/orders',
    {
      config: {
        access: 'public',
        rateLimit: {
          // Per IP: many phones share one mobile-network address, so this stops floods, not buyers.
          max: rules.ordersPerAddressHour,
          timeWindow: '1 hour',
          errorResponseBuilder: () => ({ statusCode: 429, message: TOO_MANY_ORDERS }),
        },
      },
      schema: { tags, body: orderRequestSchema, response: { 201: placeOrderResultSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await placeOrders(db, request.body, clock(), {
          rules,
          proof,
          payments,
          links,
          group: addressGroup(request.ip),
          language: languageOfCookie(request.headers.cookie),
        }),
      ),
  );

  // The same 202 whatever happened: which numbers and phones exist is nobody's business.
  app.post(
    '/v1/orders/resend',
    {
      config: { access: 'public', rateLimit: { max: RESENDS_PER_ADDRESS_HOUR, timeWindow: '1 hour' } },
      schema: { tags, body: resendOrderLinkSchema, response: { 202: resendOrderLinkResultSchema } },
    },
    async (request, reply) => {
      if (links) await resendOrderLink(db, links, request.body, clock());
      return reply.status(202).send({ message: RESEND_ANSWER });
    },
  );

  // What checkout offers beside paying at the shop. Per process and tiny: not worth the catalogue cache.
  app.get(
    '/v1/payment-options',
    { config: { access: 'public' }, schema: { tags, response: { 200: paymentOptionsSchema } } },
    async () => ({ mobile_money: payments ? (['airtel_money', 'tnm_mpamba'] as const).slice() : [] }),
  );

  app.get(
    '/v1/orders/:token',
    {
      config: { access: 'public', ...ORDER_LINK_LIMIT },
      schema: { tags, params: tokenParams, response: { 200: publicOrderSchema } },
    },
    async (request) => loadOrderByToken(db.kysely, request.params.token, afterSale),
  );

  app.post(
    '/v1/orders/:token/cancel',
    {
      config: { access: 'public', ...ORDER_LINK_LIMIT },
      schema: { tags, params: tokenParams, body: buyerCancelBody, response: { 200: publicOrderSchema } },
    },
    async (request) => {
      const order = await buyerCancel(db, clock(), request.params.token, request.body?.reason ?? null);
      // A paid order's refund is written with the cancel; send it now rather than at the poller's next round.
      payments?.nudge(clock);
      return order;
    },
  );

  app.get(
    '/admin/orders',
    {
      config: { ...config, shopOf: 'list' },
      schema: { tags, querystring: adminOrderListQuerySchema, response: { 200: adminOrderListSchema } },
    },
    async (request) => {
      const { status, shop_id, limit, offset } = request.query;
      const { rows, total } = await listOrders(db.kysely, { status, shopId: shop_id, limit, offset });
      const orders = rows.map((r) => ({
        id: r.id,
        number: r.number,
        status: r.status as OrderStatus,
        fulfilment: r.fulfilment,
        buyer_name: r.buyer_name,
        phone: r.phone,
        shop: r.shop_id !== null && r.shop_name !== null ? { id: r.shop_id, name: r.shop_name } : null,
        item_count: Number(r.item_count ?? 0),
        total: Number(r.total),
        created_at: r.created_at,
        expires_at: r.expires_at,
      }));
      return { orders, total, limit, offset };
    },
  );

  const action = {
    config: { ...config, shopOf: ownOrder },
    schema: { tags, params: idParams, response: { 200: adminOrderSchema } },
  };

  app.get('/admin/orders/:id', action, async (request) => loadAdminOrder(db.kysely, request.params.id));

  app.post(
    '/admin/orders/:id/confirm',
    { ...action, schema: { ...action.schema, body: orderStepSchema } },
    async (request) =>
      staffAct(db, {
        now: clock(),
        actor: request.user!,
        id: request.params.id,
        move: { action: 'confirm' },
        seenVersion: request.body?.version,
        links,
      }),
  );
  // Ready for collection, out for delivery, or sent by coach with its waybill (decision 0072).
  app.post(
    '/admin/orders/:id/ready',
    { ...action, schema: { ...action.schema, body: readyOrderSchema } },
    async (request) => {
      const body = request.body;
      // The bound is a setting, so the route applies it rather than the shared schema.
      if (body?.coach_fare && body.coach_fare > coachFareMax) {
        const tooLarge = atMostText('Fare', coachFareMax);
        throw new HttpError(400, tooLarge, { coach_fare: tooLarge });
      }
      const coach = body
        ? { coach_company: body.coach_company, waybill: body.waybill, coach_fare: body.coach_fare }
        : undefined;
      return staffAct(db, {
        now: clock(),
        actor: request.user!,
        id: request.params.id,
        move: { action: 'ready', coach },
        seenVersion: body?.version,
        links,
      });
    },
  );

  app.post(
    '/admin/orders/:id/complete',
    { ...action, schema: { ...action.schema, body: completeOrderSchema } },
    async (request) => {
      const { version, payment_method, payment_reference, collection_code } = request.body;
      return staffAct(db, {
        now: clock(),
        actor: request.user!,
        id: request.params.id,
        move: { action: 'complete', payment_method, payment_reference, collection_code },
        seenVersion: version,
      });
    },
  );

  app.post(
    '/admin/orders/:id/cancel',
    { ...action, schema: { ...action.schema, body: cancelOrderSchema } },
    async (request) => {
      const order = await staffAct(db, {
        now: clock(),
        actor: request.user!,
        id: request.params.id,
        move: { action: 'cancel', reason: request.body.reason },
        seenVersion: request.body.version,
        links,
      });
      payments?.nudge(clock);
      return order;
    },
  );

  // Five wrong collection codes hold an order (decision 0059): an Admin who has looked into it lets staff try again.
  app.post(
    '/admin/orders/:id/release-code-hold',
    { config: { access: ADMIN_ONLY }, schema: { tags, params: idParams, response: { 200: adminOrderSchema } } },
    async (request) => {
      await releaseCodeHold(db, request.user!, request.params.id, clock());
      return loadAdminOrder(db.kysely, request.params.id);
    },
  );
};
