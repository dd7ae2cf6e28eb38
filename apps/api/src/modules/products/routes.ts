import {
  catalogueListQuerySchema,
  categoryPageQuerySchema,
  categoryParamSchema,
  CURSOR_WITH_OFFSET,
  featuredListSchema,
  interestBodySchema,
  interestResultSchema,
  productListSchema,
  publicProductSchema,
} from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { idParam } from '../../plugins/params.js';
import { cursorParamSchema, type PagePosition } from './cursor.js';
import { listProducts, type ProductPage } from './listing.js';
import { addInterest, listFeaturedPublished, removeInterest, watchersOf } from './repository.js';
import { requirePublished, toFeatured, toPublic } from './service.js';

const tags = ['catalogue'];
export const INTEREST_PER_MINUTE = 120;

const productParams = z.object({ id: idParam('Product id') });
const listQuerySchema = catalogueListQuerySchema.extend({ cursor: cursorParamSchema });
const categoryQuerySchema = categoryPageQuerySchema.extend({ cursor: cursorParamSchema });

/** A cursor already says where the page starts; an offset on top of it would be ambiguous. */
function startOf(cursor: PagePosition | undefined, offset: number): PagePosition | undefined {
  if (cursor && offset > 0) throw new HttpError(400, CURSOR_WITH_OFFSET, { cursor: CURSOR_WITH_OFFSET });
  return cursor;
}

export const productRoutes: FastifyPluginAsync<{ db: Db }> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const kysely = db.kysely;
  const answer = async (page: ProductPage, limit: number, offset: number) => ({
    products: await toPublic(kysely, page.rows),
    total: page.total,
    total_capped: page.totalCapped,
    limit,
    offset,
    next_cursor: page.nextCursor,
  });

  app.get(
    '/v1/products',
    { config: { access: 'public', catalogueCache: true }, schema: { tags, querystring: listQuerySchema, response: { 200: productListSchema } } },
    async (request) => {
      const { limit, offset, search, available, cursor } = request.query;
      const page = await listProducts(db, { limit, offset, after: startOf(cursor, offset), search, availableOnly: available });
      return answer(page, limit, offset);
    },
  );

  // Registered before '/v1/products/:id' matters only for readability: find-my-way prefers static segments.
  app.get(
    '/v1/products/featured-products',
    { config: { access: 'public', catalogueCache: true }, schema: { tags, response: { 200: featuredListSchema } } },
    async () => {
      const products = toFeatured(await toPublic(kysely, await listFeaturedPublished(kysely)));
      return { products, total: products.length };
    },
  );

  app.get(
    '/v1/products/category/:category',
    {
      config: { access: 'public', catalogueCache: true },
      schema: { tags, params: categoryParamSchema, querystring: categoryQuerySchema, response: { 200: productListSchema } },
    },
    async (request) => {
      const { limit, offset, cursor } = request.query;
      const categoryKey = request.params.category.toLowerCase();
      return answer(await listProducts(db, { categoryKey, limit, offset, after: startOf(cursor, offset) }), limit, offset);
    },
  );

  app.get(
    '/v1/products/:id',
    { config: { access: 'public', catalogueCache: true }, schema: { tags, params: productParams, response: { 200: publicProductSchema } } },
    async (request) => {
      const row = await requirePublished(kysely, request.params.id);
      const [product] = await toPublic(kysely, [row]);
      return product!;
    },
  );

  // Interest is counted once per browser (its anonymous visitor id); the limit stops scripts inflating
  // counts while leaving room for the many phones that share one mobile-network address.
  const interestLimit = { rateLimit: { max: INTEREST_PER_MINUTE, timeWindow: '1 minute' } };
  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/v1/products/:id/interest',
      config: { access: 'public', ...interestLimit },
      schema: { tags, params: productParams, body: interestBodySchema, response: { 200: interestResultSchema } },
      handler: async (request) => {
        const { id } = request.params;
        await requirePublished(kysely, id);
        if (method === 'POST') await addInterest(kysely, id, request.body.visitor_id, nowIso());
        else await removeInterest(kysely, id, request.body.visitor_id);
        const watchers = (await watchersOf(kysely, [id])).get(id) ?? 0;
        return { watchers, interested: method === 'POST' };
      },
    });
  }
};
