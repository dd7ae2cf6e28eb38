import {
  addToInventorySchema,
  adminSellerRequestSchema,
  counterOfferSchema,
  denySchema,
  offerSchema,
  pageQuerySchema,
  sellerRequestListSchema,
  sellerRequestSchema,
  sellResultSchema,
  sellSubmissionSchema,
  toAmount,
} from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { STAFF } from '../../plugins/access.js';
import { idParams } from '../../plugins/params.js';
import { parseFields } from '../../plugins/validation.js';
import { readMultipart } from '../images/upload.js';
import { listRequests } from './repository.js';
import { act, loadRequest, removeRequest, submitRequest } from './service.js';

export const SUBMITTED = 'Item successfully submitted!';
export const TOO_MANY_SUBMISSIONS = 'Too many submissions from your network. Please try again in an hour.';
/** Per IP: mobile networks put many phones behind one address, so this only stops floods, not sellers. */
export const SUBMISSIONS_PER_HOUR = 30;

export const sellerRequestRoutes: FastifyPluginAsync<{ db: Db }> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: STAFF };
  const tags = ['seller requests'];
  const multipart = { consumes: ['multipart/form-data'] };

  app.post(
    '/v1/sells',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: SUBMISSIONS_PER_HOUR,
          timeWindow: '1 hour',
          errorResponseBuilder: () => ({ statusCode: 429, message: TOO_MANY_SUBMISSIONS }),
        },
      },
      schema: { tags, ...multipart, response: { 201: sellResultSchema } },
    },
    async (request, reply) => {
      const { fields, images } = await readMultipart(request);
      const input = parseFields(sellSubmissionSchema, fields);
      const id = await submitRequest(db, input, images, null);
      return reply.status(201).send({ id, status: 'Pending', message: SUBMITTED });
    },
  );

  app.get('/admin/seller-requests', { config, schema: { tags, querystring: pageQuerySchema, response: { 200: sellerRequestListSchema } } }, async (request) => {
    const { limit, offset } = request.query;
    const { rows, total } = await listRequests(db.kysely, limit, offset);
    return { seller_requests: rows.map((r) => ({ ...r, price: Number(r.price) })), total, limit, offset };
  });

  app.get('/admin/seller-requests/:id', { config, schema: { tags, params: idParams, response: { 200: sellerRequestSchema } } }, async (request) =>
    loadRequest(db.kysely, request.params.id),
  );

  app.post('/admin/seller-requests', { config, schema: { tags, ...multipart, response: { 201: sellerRequestSchema } } }, async (request, reply) => {
    const { fields, images } = await readMultipart(request);
    const input = parseFields(adminSellerRequestSchema, fields);
    const id = await submitRequest(db, input, images, request.user!);
    return reply.status(201).send(await loadRequest(db.kysely, id));
  });

  const action = { config, schema: { tags, params: idParams, response: { 200: sellerRequestSchema } } };

  app.post('/admin/seller-requests/:id/approved', action, async (request) => act(db, request.user!, request.params.id, { action: 'approve' }));

  app.post('/admin/seller-requests/:id/denied', { ...action, schema: { ...action.schema, body: denySchema } }, async (request) =>
    act(db, request.user!, request.params.id, { action: 'reject', reason: request.body.reason }),
  );

  app.post('/admin/seller-requests/:id/offer', { ...action, schema: { ...action.schema, body: offerSchema } }, async (request) =>
    act(db, request.user!, request.params.id, { action: 'offer', amount: toAmount(request.body.price), reason: request.body.reason }),
  );

  app.post('/admin/counter-offer/:id', { ...action, schema: { ...action.schema, body: counterOfferSchema } }, async (request) =>
    act(db, request.user!, request.params.id, { action: 'counter', amount: toAmount(request.body.counter_price), reason: request.body.reason }),
  );

  app.post('/admin/seller-requests/:id/add-to-inventory', { ...action, schema: { ...action.schema, body: addToInventorySchema } }, async (request) =>
    act(db, request.user!, request.params.id, { action: 'addToInventory', shop_id: request.body.shop_id, category_id: request.body.category_id }),
  );

  app.delete('/admin/seller-requests/:id', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    await removeRequest(db, request.user!, request.params.id);
    return reply.status(204).send();
  });
};
