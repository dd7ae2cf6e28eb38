import {
  declineStockRequestSchema,
  languageOfCookie,
  movingItemListSchema,
  shopStockQuerySchema,
  startMoveSchema,
  stockMovesSchema,
  STOCK_REQUEST_RECEIVED,
  stockRequestListSchema,
  stockRequestSchema,
} from '@marketplace/shared';
import { z } from 'zod';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { SHOP_WORK } from '../../plugins/access.js';
import { isShopStaff, shopOfUser, type ShopOf } from '../../plugins/shop-scope.js';
import { productShop, PRODUCT_NOT_FOUND } from '../admin-products/index.js';
import { addressGroup } from '../../plugins/address-group.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';
import { idParams } from '../../plugins/params.js';
import { destinationShop, moveShops } from './repository.js';
import { endMove, listMoving, loadMoves, startMove } from './service.js';
import {
  sendStockRequest,
  decideStockRequest,
  listOpenStockRequests,
  STOCK_REQUEST_NOT_FOUND,
} from './stock-requests.js';
import { stockRequestShop } from './repository/stock-requests.js';

/** Stock requests one address may send in an hour. */
export const STOCK_REQUESTS_PER_ADDRESS_HOUR = 5;

/**
 * Moving stock between shops (docs/decisions/0062): Admin and Moderator everywhere; Shop staff send their shop's
 * items, receive those coming to it, see and cancel moves that leave or reach it, and answer requests for its items.
 */
export const stockMoveRoutes: FastifyPluginAsync<{ db: Db; clock: () => Date }> = async (fastify, { db, clock }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const shopWork = (find: Extract<ShopOf, object>['find'], missing = PRODUCT_NOT_FOUND) => ({
    access: SHOP_WORK,
    shopOf: { find, missing },
  });
  const either = shopWork(moveShops);
  const tags = ['products (admin)'];
  const schema = { tags, params: idParams, response: { 200: stockMovesSchema } };

  app.get('/admin/products/:id/moves', { config: either, schema }, async (request) =>
    loadMoves(db.kysely, request.params.id),
  );
  app.post(
    '/admin/products/:id/move',
    { config: shopWork(productShop), schema: { ...schema, body: startMoveSchema } },
    async (request) =>
      startMove(db, { actor: request.user!, productId: request.params.id, shopId: request.body.shop_id, now: clock() }),
  );
  app.post('/admin/products/:id/move/receive', { config: shopWork(destinationShop), schema }, async (request) =>
    endMove(db, { actor: request.user!, productId: request.params.id, state: 'received', now: clock() }),
  );
  app.post('/admin/products/:id/move/cancel', { config: either, schema }, async (request) =>
    endMove(db, { actor: request.user!, productId: request.params.id, state: 'cancelled', now: clock() }),
  );

  app.get(
    '/admin/moves',
    {
      config: { access: SHOP_WORK, shopOf: 'list' },
      schema: { tags, querystring: shopStockQuerySchema, response: { 200: movingItemListSchema } },
    },
    async (request) => ({ moves: await listMoving(db.kysely, request.query.shop_id) }),
  );

  // Buyers' asks carry names and phone numbers: never kept by a cache.
  keepAnswersPrivate(app);

  app.post(
    '/v1/products/:id/transfer-requests',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: STOCK_REQUESTS_PER_ADDRESS_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request) => addressGroup(request.ip),
        },
      },
      schema: {
        tags: ['catalogue'],
        params: idParams,
        body: stockRequestSchema,
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const { buyer_name, phone, shop_id } = request.body;
      await sendStockRequest(db, {
        productId: request.params.id,
        shopId: shop_id,
        buyerName: buyer_name,
        phone,
        addressGroup: addressGroup(request.ip),
        language: languageOfCookie(request.headers.cookie),
        now: clock(),
      });
      return reply.status(202).send({ message: STOCK_REQUEST_RECEIVED });
    },
  );

  app.get(
    '/admin/transfer-requests',
    {
      config: { access: SHOP_WORK, shopOf: 'list' },
      schema: { tags, querystring: shopStockQuerySchema, response: { 200: stockRequestListSchema } },
    },
    async (request) => ({ transfer_requests: await listOpenStockRequests(db.kysely, request.query.shop_id) }),
  );

  // The holding shop answers; the list answered is the one the asker sees (their shop's, for Shop staff).
  const decide = shopWork(stockRequestShop, STOCK_REQUEST_NOT_FOUND);
  const left = (user: FastifyRequest['user']) =>
    listOpenStockRequests(db.kysely, isShopStaff(user) ? shopOfUser(user) : undefined);
  const decided = { tags, params: idParams, response: { 200: stockRequestListSchema } };
  app.post('/admin/transfer-requests/:id/accept', { config: decide, schema: decided }, async (request) => {
    await decideStockRequest(db, {
      actor: request.user!,
      id: request.params.id,
      decision: { accept: true },
      now: clock(),
    });
    return { transfer_requests: await left(request.user) };
  });
  app.post(
    '/admin/transfer-requests/:id/decline',
    { config: decide, schema: { ...decided, body: declineStockRequestSchema } },
    async (request) => {
      const { reason } = request.body;
      await decideStockRequest(db, {
        actor: request.user!,
        id: request.params.id,
        decision: { accept: false, reason },
        now: clock(),
      });
      return { transfer_requests: await left(request.user) };
    },
  );
};
