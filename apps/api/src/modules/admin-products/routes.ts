import {
  adminProductListSchema,
  adminProductSchema,
  createProductSchema,
  adminProductListQuerySchema,
  updateProductSchema,
} from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { SHOP_WORK } from '../../plugins/access.js';
import { requireOwnShop, type ShopOf } from '../../plugins/shop-scope.js';
import { idParams } from '../../plugins/params.js';
import { parseFields } from '../../plugins/validation.js';
import { readMultipart } from '../images/index.js';
import { listProducts, productShop } from '../products/index.js';
import {
  changeProduct,
  createProduct,
  loadAdminProduct,
  PRODUCT_NOT_FOUND,
  removeProduct,
  setPublished,
  toAdmin,
} from './service.js';

export const adminProductRoutes: FastifyPluginAsync<{ db: Db }> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = SHOP_WORK;
  const own: ShopOf = { find: productShop, missing: PRODUCT_NOT_FOUND };
  const config = { access, shopOf: own };
  const tags = ['products (admin)'];
  const k = db.kysely;

  app.get(
    '/admin/products',
    {
      config: { access, shopOf: 'list' },
      schema: { tags, querystring: adminProductListQuerySchema, response: { 200: adminProductListSchema } },
    },
    async (request) => {
      const { limit, offset, search, shop_id } = request.query;
      const { rows, total } = await listProducts(db, {
        includeUnpublished: true,
        exactTotal: true,
        limit,
        offset,
        search,
        shopId: shop_id,
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
    {
      config: { access, shopOf: 'handler' },
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: adminProductSchema } },
    },
    async (request, reply) => {
      const { fields, images } = await readMultipart(request);
      const input = parseFields(createProductSchema, fields);
      requireOwnShop(request, input.shop_id);
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
      requireOwnShop(request, input.shop_id);
      const list = (name: string) =>
        (arrays[name] ?? [])
          .flatMap((v) => v.split(','))
          .map((v) => v.trim())
          .filter(Boolean);
      return changeProduct(db, {
        actor: request.user!,
        id: request.params.id,
        input,
        gallery: {
          keep: arrays.existingImages ? list('existingImages') : undefined,
          deleted: list('deletedImages'),
          added: images,
        },
      });
    },
  );

  const publishing = { config, schema: { tags, params: idParams, response: { 200: adminProductSchema } } };
  app.put('/admin/products/:id/publish', publishing, async (request) =>
    setPublished(db, request.user!, request.params.id, true),
  );
  app.put('/admin/products/:id/unpublish', publishing, async (request) =>
    setPublished(db, request.user!, request.params.id, false),
  );

  app.delete('/admin/products/:id', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    await removeProduct(db, request.user!, request.params.id);
    return reply.status(204).send();
  });
};
