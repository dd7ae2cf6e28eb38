import {
  categoryInputSchema,
  categoryListSchema,
  categorySchema,
  pageQuerySchema,
  storefrontCategoriesSchema,
} from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { SHOP_WORK, STAFF } from '../../plugins/access.js';
import { dependsOn, listTag, soldTag } from '../../plugins/catalogue-tags.js';
import { HttpError } from '../../plugins/errors.js';
import { idParams } from '../../plugins/params.js';
import { findCategory, listCategories, storefrontCategories } from './repository.js';
import { CATEGORY_NOT_FOUND, changeCategory, createCategory, removeCategory } from './service.js';

export const categoryRoutes: FastifyPluginAsync<{ db: Db }> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: STAFF };
  const tags = ['categories'];

  // Public: the storefront's category row and menu (docs/product.md#public-shell), from the catalogue cache.
  app.get(
    '/v1/categories',
    {
      config: { access: 'public', catalogueCache: true, noWatcherCounts: true },
      schema: { tags: ['catalogue'], response: { 200: storefrontCategoriesSchema } },
    },
    // Categories with something unsold: any category's lists, and any sale, may change it (decision 0089).
    async (request) => {
      dependsOn(request, listTag(undefined), soldTag(undefined));
      const categories = await storefrontCategories(db.kysely);
      return { categories, total: categories.length };
    },
  );

  app.get(
    '/admin/categories',
    // Product forms offer every category, Shop staff's too: categories belong to no shop.
    {
      config: { access: SHOP_WORK, shopOf: 'none' },
      schema: { tags, querystring: pageQuerySchema, response: { 200: categoryListSchema } },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { rows, total } = await listCategories(db.kysely, limit, offset);
      return { categories: rows, total, limit, offset };
    },
  );

  app.get(
    '/admin/categories/:id',
    { config, schema: { tags, params: idParams, response: { 200: categorySchema } } },
    async (request) => {
      const category = await findCategory(db.kysely, request.params.id);
      if (!category) throw new HttpError(404, CATEGORY_NOT_FOUND);
      return category;
    },
  );

  app.post(
    '/admin/categories',
    { config, schema: { tags, body: categoryInputSchema, response: { 201: categorySchema } } },
    async (request, reply) => reply.status(201).send(await createCategory(db, request.user!, request.body)),
  );

  app.put(
    '/admin/categories/:id',
    { config, schema: { tags, params: idParams, body: categoryInputSchema, response: { 200: categorySchema } } },
    async (request) => changeCategory(db, request.user!, request.params.id, request.body),
  );

  app.delete('/admin/categories/:id', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    await removeCategory(db, request.user!, request.params.id);
    return reply.status(204).send();
  });
};
