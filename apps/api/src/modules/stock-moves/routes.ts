import {
  declineTransferSchema,
  startMoveSchema,
  stockMovesSchema,
  TRANSFER_REQUEST_RECEIVED,
  transferRequestListSchema,
  transferRequestSchema,
} from '@marketplace/shared';
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { STAFF } from '../../plugins/access.js';
import { addressGroup } from '../../plugins/address-group.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';
import { idParams } from '../../plugins/params.js';
import { endMove, loadMoves, startMove } from './service.js';
import { askForTransfer, decideRequest, listOpenRequests } from './transfer-requests.js';

/** Transfer requests one address may send in an hour. */
export const TRANSFER_REQUESTS_PER_ADDRESS_HOUR = 5;

/** Moving stock between shops (docs/decisions/0062): Admin and Moderator. */
export const stockMoveRoutes: FastifyPluginAsync<{ db: Db; clock: () => Date }> = async (fastify, { db, clock }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: STAFF };
  const tags = ['products (admin)'];
  const schema = { tags, params: idParams, response: { 200: stockMovesSchema } };

  app.get('/admin/products/:id/moves', { config, schema }, async (request) => loadMoves(db.kysely, request.params.id));

  app.post('/admin/products/:id/move', { config, schema: { ...schema, body: startMoveSchema } }, async (request) =>
    startMove(db, request.user!, request.params.id, request.body.shop_id, clock()),
  );

  for (const [path, state] of [
    ['receive', 'received'],
    ['cancel', 'cancelled'],
  ] as const) {
    app.post(`/admin/products/:id/move/${path}`, { config, schema }, async (request) =>
      endMove(db, request.user!, request.params.id, state, clock()),
    );
  }

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
        now: clock(),
      });
      return reply.status(202).send({ message: TRANSFER_REQUEST_RECEIVED });
    },
  );

  app.get(
    '/admin/transfer-requests',
    { config, schema: { tags, response: { 200: transferRequestListSchema } } },
    async () => ({ transfer_requests: await listOpenRequests(db.kysely) }),
  );

  const decided = { tags, params: idParams, response: { 200: transferRequestListSchema } };
  app.post('/admin/transfer-requests/:id/accept', { config, schema: decided }, async (request) => {
    await decideRequest(db, request.user!, request.params.id, { accept: true }, clock());
    return { transfer_requests: await listOpenRequests(db.kysely) };
  });
  app.post(
    '/admin/transfer-requests/:id/decline',
    { config, schema: { ...decided, body: declineTransferSchema } },
    async (request) => {
      const { reason } = request.body;
      await decideRequest(db, request.user!, request.params.id, { accept: false, reason }, clock());
      return { transfer_requests: await listOpenRequests(db.kysely) };
    },
  );
};
