import {
  declineTransferSchema,
  languageOfCookie,
  movingItemListSchema,
  shopTransfersQuerySchema,
  startMoveSchema,
  stockMovesSchema,
  TRANSFER_REQUEST_RECEIVED,
  transferRequestListSchema,
  transferRequestSchema,
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
  askForTransfer,
  decideRequest,
  listOpenRequests,
  REQUEST_NOT_FOUND,
  requestShop,
} from './transfer-requests.js';

/** Transfer requests one address may send in an hour. */
export const TRANSFER_REQUESTS_PER_ADDRESS_HOUR = 5;

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
    async (request) => startMove(db, request.user!, request.params.id, request.body.shop_id, clock()),
  );
  app.post('/admin/products/:id/move/receive', { config: shopWork(destinationShop), schema }, async (request) =>
    endMove(db, request.user!, request.params.id, 'received', clock()),
  );
  app.post('/admin/products/:id/move/cancel', { config: either, schema }, async (request) =>
    endMove(db, request.user!, request.params.id, 'cancelled', clock()),
  );

  app.get(
    '/admin/moves',
    {
      config: { access: SHOP_WORK, shopOf: 'list' },
      schema: { tags, querystring: shopTransfersQuerySchema, response: { 200: movingItemListSchema } },
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
          max: TRANSFER_REQUESTS_PER_ADDRESS_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request) => addressGroup(request.ip),
        },
      },
      schema: {
        tags: ['catalogue'],
        params: idParams,
        body: transferRequestSchema,
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const { buyer_name, phone, shop_id } = request.body;
      await askForTransfer(db, {
        productId: request.params.id,
        shopId: shop_id,
        buyerName: buyer_name,
        phone,
        addressGroup: addressGroup(request.ip),
        language: languageOfCookie(request.headers.cookie),
        now: clock(),
      });
      return reply.status(202).send({ message: TRANSFER_REQUEST_RECEIVED });
    },
  );

  app.get(
    '/admin/transfer-requests',
    {
      config: { access: SHOP_WORK, shopOf: 'list' },
      schema: { tags, querystring: shopTransfersQuerySchema, response: { 200: transferRequestListSchema } },
    },
    async (request) => ({ transfer_requests: await listOpenRequests(db.kysely, request.query.shop_id) }),
  );

  // The holding shop answers; the list answered is the one the asker sees (their shop's, for Shop staff).
  const decide = shopWork(requestShop, REQUEST_NOT_FOUND);
  const left = (user: FastifyRequest['user']) =>
    listOpenRequests(db.kysely, isShopStaff(user) ? shopOfUser(user) : undefined);
  const decided = { tags, params: idParams, response: { 200: transferRequestListSchema } };
  app.post('/admin/transfer-requests/:id/accept', { config: decide, schema: decided }, async (request) => {
    await decideRequest(db, request.user!, request.params.id, { accept: true }, clock());
    return { transfer_requests: await left(request.user) };
  });
  app.post(
    '/admin/transfer-requests/:id/decline',
    { config: decide, schema: { ...decided, body: declineTransferSchema } },
    async (request) => {
      const { reason } = request.body;
      await decideRequest(db, request.user!, request.params.id, { accept: false, reason }, clock());
      return { transfer_requests: await left(request.user) };
    },
  );
};
