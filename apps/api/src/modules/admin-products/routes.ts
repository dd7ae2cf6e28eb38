import {
  adminProductListSchema,
  adminProductSchema,
  createProductSchema,
  productListQuerySchema,
  updateProductSchema,
} from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { STAFF } from '../../plugins/access.js';
import { idParams } from '../../plugins/params.js';
import { parseFields } from '../../plugins/validation.js';
import { readMultipart } from '../images/upload.js';
import { listProducts } from '../products/listing.js';
import { changeProduct, createProduct, loadAdminProduct, removeProduct, setPublished, toAdmin } from './service.js';

export const adminProductRoutes: FastifyPluginAsync<{ db: Db }> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: STAFF };
  const tags = ['products (admin)'];
  const k = db.kysely;

  app.get(
    '/admin/products',
    { config, schema: { tags, querystring: productListQuerySchema, response: { 200: adminProductListSchema } } },
    async (request) => {
      const { limit, offset, search } = request.query;
      const { rows, total } = await listProducts(db, {
        includeUnpublished: true,
        exactTotal: true,
        limit,
        offset,
        search,
      });
      return { products: await toAdmin(k, rows), total, limit, offset };
    },
  );

  app.get(
    '/admin/products/:id',
    { config, schema: { tags, params: idParams, response: { 200: adminProductSchema } } },
    async (request) => loadAdminProduct(k, request.params.id),
  );

  // Multipart bodies are read by readMultipart and checked with the form's own schema.
  app.post(
    '/admin/products/create',
    { config, schema: { tags, consumes: ['multipart/form-data'], response: { 201: adminProductSchema } } },
    async (request, reply) => {
      const { fields, images } = await readMultipart(request);
      const input = parseFields(createProductSchema, fields);
      return reply.status(201).send(await createProduct(db, request.user!, input, images));
    },
  );

  app.put(
    '/admin/products/:id',
    {
      config,
      schema: { tags, params: idParams, consumes: ['multipart/form-data'], response: { 200: adminProductSchema } },
    },
    async (request) => {
      const { fields, arrays, images } = await readMultipart(request);
      const input = parseFields(updateProductSchema, fields);
      const list = (name: string) =>
        (arrays[name] ?? [])
          .flatMap((v) => v.split(','))
          .map((v) => v.trim())
          .filter(Boolean);
      return changeProduct(db, request.user!, request.params.id, input, {
        keep: arrays.existingImages ? list('existingImages') : undefined,
        deleted: list('deletedImages'),
        added: images,
      });
    },
  );

  for (const action of ['publish', 'unpublish'] as const) {
    app.put(
      `/admin/products/:id/${action}`,
      { config, schema: { tags, params: idParams, response: { 200: adminProductSchema } } },
      async (request) => setPublished(db, request.user!, request.params.id, action === 'publish'),
    );
  }

  app.delete('/admin/products/:id', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    await removeProduct(db, request.user!, request.params.id);
    return reply.status(204).send();
  });
};
