import {
  ALL_CATEGORIES,
  catalogueListQuerySchema,
  categoryPageQuerySchema,
  categoryParamSchema,
  CURSOR_INVALID,
  CURSOR_WITH_OFFSET,
  featuredListSchema,
  interestBodySchema,
  interestResultSchema,
  watcherCountSchema,
  priceRangeInOrder,
  productListSchema,
  publicProductSchema,
  suggestionsQuerySchema,
  suggestionsSchema,
  townsSchema,
  specsListSchema,
  type CatalogueFilter,
  type ProductSort,
} from '@marketplace/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { addressGroup } from '../../plugins/address-group.js';
import {
  availableTag,
  dependsOn,
  FEATURED_TAG,
  listTag,
  productTag,
  SEARCH_TAG,
} from '../../plugins/catalogue-tags.js';
import { HttpError } from '../../plugins/errors.js';
import { idParam } from '../../plugins/params.js';
import { cursorParamSchema, type PagePosition } from './cursor.js';
import { listProducts, productsWithIds, type ProductListFilter, type ProductPage } from './listing.js';
import {
  addInterest,
  categoryIdByKey,
  listFeaturedPublished,
  listedTowns,
  removeInterest,
  watchersOf,
} from './repository.js';
import { listedSpecs } from './specs.js';
import { requirePublished, toFeatured, toPublic } from './service.js';

const tags = ['catalogue'];
export const INTEREST_PER_MINUTE = 120;
/** Watchers one address (IPv6: its /64) adds to one product per day; more marks are not counted. */
export const WATCHERS_PER_ADDRESS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

const productParams = z.object({ id: idParam('Product id') });
const listQuerySchema = catalogueListQuerySchema.extend({ cursor: cursorParamSchema }).superRefine(priceRangeInOrder);
const categoryQuerySchema = categoryPageQuerySchema
  .extend({ cursor: cursorParamSchema })
  .superRefine(priceRangeInOrder);
/** Names offered under the search box as someone types. */
const SUGGESTIONS = 6;

/**
 * Where the page starts: a cursor already says so, and an offset on top of it would be ambiguous; a
 * cursor made for another order would start the page somewhere meaningless.
 */
function startOf(cursor: PagePosition | undefined, offset: number, sort: ProductSort): PagePosition | undefined {
  if (cursor && offset > 0) throw new HttpError(400, CURSOR_WITH_OFFSET, { cursor: CURSOR_WITH_OFFSET });
  if (cursor && cursor.sort !== sort) throw new HttpError(400, CURSOR_INVALID, { cursor: CURSOR_INVALID });
  return cursor;
}

/** A list query's filters and order as listProducts takes them; a search is sorted by relevance unless asked otherwise. */
function filterOf(
  query: CatalogueFilter & { limit: number; offset: number; cursor: PagePosition | undefined },
  searching: boolean,
): ProductListFilter {
  // Relevance needs a search; without one the list is newest first, whatever was asked.
  const sort = searching
    ? (query.sort ?? 'relevance')
    : query.sort === 'relevance'
      ? 'newest'
      : (query.sort ?? 'newest');
  const { limit, offset } = query;
  return {
    limit,
    offset,
    sort,
    after: startOf(query.cursor, offset, sort),
    minPrice: query.min_price,
    maxPrice: query.max_price,
    town: query.town,
    condition: query.condition,
    brand: query.brand,
    storageGb: query.storage,
    ramGb: query.ram,
  };
}

/**
 * A brand the catalogue does not have answers an empty list that is not kept in the catalogue cache:
 * brand is free text, and each made-up one would otherwise take an entry and push out the pages buyers
 * use (docs/decisions/0069). Such a miss costs one indexed lookup.
 */
function keepUnknownBrandOut(request: FastifyRequest, brand: string | undefined, page: ProductPage) {
  if (brand !== undefined && page.total === 0) request.catalogue = undefined;
}

/**
 * What a cached list depends on (decision 0089): the products it shows (their price, reserved, sold), which
 * products its category's lists hold (or every category's, for a list of all), for a list of available items
 * their holds and sales too, and for a search the words of every product.
 */
async function dependOnList(
  request: FastifyRequest,
  k: Kysely<Database>,
  page: ProductPage,
  list: { categoryKey: string | undefined; availableOnly?: boolean | undefined; search?: string | undefined },
) {
  if (request.catalogue === undefined) return;
  const { categoryKey } = list;
  const categoryId =
    categoryKey === undefined || categoryKey === ALL_CATEGORIES ? undefined : await categoryIdByKey(k, categoryKey);
  dependsOn(request, ...page.rows.map((row) => productTag(row.id)), listTag(categoryId));
  if (list.availableOnly) dependsOn(request, availableTag(categoryId));
  if (list.search) dependsOn(request, SEARCH_TAG);
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
    {
      config: { access: 'public', catalogueCache: true },
      schema: { tags, querystring: listQuerySchema, response: { 200: productListSchema } },
    },
    async (request) => {
      const { limit, offset, search, available, ids, category } = request.query;
      if (ids) {
        const rows = await productsWithIds(db, ids);
        dependsOn(request, ...ids.map(productTag));
        return answer({ rows, total: rows.length, totalCapped: false, nextCursor: null }, limit, offset);
      }
      const categoryKey = category?.toLowerCase();
      const page = await listProducts(db, {
        ...filterOf(request.query, search !== ''),
        search,
        categoryKey,
        availableOnly: available,
        suggest: true,
      });
      keepUnknownBrandOut(request, request.query.brand, page);
      await dependOnList(request, kysely, page, { categoryKey, availableOnly: available, search });
      return { ...(await answer(page, limit, offset)), did_you_mean: page.didYouMean };
    },
  );

  // Registered before '/v1/products/:id' matters only for readability: find-my-way prefers static segments.
  app.get(
    '/v1/products/featured-products',
    { config: { access: 'public', catalogueCache: true }, schema: { tags, response: { 200: featuredListSchema } } },
    async (request) => {
      const products = toFeatured(await toPublic(kysely, await listFeaturedPublished(kysely)));
      dependsOn(request, FEATURED_TAG, ...products.map((product) => productTag(product.id)));
      return { products, total: products.length };
    },
  );

  // A few names for what is typed so far: the newest products whose name or category match, one entry per name.
  app.get(
    '/v1/products/suggestions',
    {
      config: { access: 'public', catalogueCache: true, noWatcherCounts: true },
      schema: { tags, querystring: suggestionsQuerySchema, response: { 200: suggestionsSchema } },
    },
    async (request) => {
      const search = request.query.q;
      dependsOn(request, SEARCH_TAG, listTag(undefined));
      if (search === '') return { suggestions: [] };
      const { rows } = await listProducts(db, { search, searchIn: 'name', limit: SUGGESTIONS * 2, offset: 0 });
      const names = new Map<string, { id: number; name: string }>();
      for (const row of rows)
        if (!names.has(row.name.toLowerCase())) names.set(row.name.toLowerCase(), { id: row.id, name: row.name });
      return { suggestions: [...names.values()].slice(0, SUGGESTIONS) };
    },
  );

  app.get(
    '/v1/products/towns',
    {
      config: { access: 'public', catalogueCache: true, noWatcherCounts: true },
      schema: { tags, response: { 200: townsSchema } },
    },
    async (request) => {
      dependsOn(request, listTag(undefined));
      return { towns: await listedTowns(kysely) };
    },
  );

  app.get(
    '/v1/products/specs',
    {
      config: { access: 'public', catalogueCache: true, noWatcherCounts: true },
      schema: { tags, response: { 200: specsListSchema } },
    },
    async (request) => {
      dependsOn(request, listTag(undefined));
      return listedSpecs(kysely);
    },
  );

  app.get(
    '/v1/products/category/:category',
    {
      config: { access: 'public', catalogueCache: true },
      schema: {
        tags,
        params: categoryParamSchema,
        querystring: categoryQuerySchema,
        response: { 200: productListSchema },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const categoryKey = request.params.category.toLowerCase();
      const page = await listProducts(db, { ...filterOf(request.query, false), categoryKey });
      keepUnknownBrandOut(request, request.query.brand, page);
      await dependOnList(request, kysely, page, { categoryKey });
      return answer(page, limit, offset);
    },
  );

  app.get(
    '/v1/products/:id',
    {
      config: { access: 'public', catalogueCache: true },
      schema: { tags, params: productParams, response: { 200: publicProductSchema } },
    },
    async (request) => {
      const row = await requirePublished(kysely, request.params.id);
      const [product] = await toPublic(kysely, [row]);
      dependsOn(request, productTag(row.id));
      return product!;
    },
  );

  // The count now, outside the catalogue cache, whose answers may show a count up to a minute old
  // (WATCHER_COUNTS_LAG_MS): the product page asks it when this browser marked the item.
  app.get(
    '/v1/products/:id/watchers',
    {
      config: { access: 'public', rateLimit: { max: INTEREST_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { tags, params: productParams, response: { 200: watcherCountSchema } },
    },
    async (request, reply) => {
      const { id } = request.params;
      await requirePublished(kysely, id);
      reply.header('Cache-Control', 'no-cache');
      return { watchers: (await watchersOf(kysely, [id])).get(id) ?? 0 };
    },
  );

  // Interest is counted once per browser (its anonymous visitor id); the limit stops scripts inflating
  // counts while leaving room for the many phones that share one mobile-network address.
  const interestLimit = { rateLimit: { max: INTEREST_PER_MINUTE, timeWindow: '1 minute' } };
  const interest = {
    config: { access: 'public' as const, ...interestLimit },
    schema: { tags, params: productParams, body: interestBodySchema, response: { 200: interestResultSchema } },
  };
  // Past the address's limit the answer is still a 200: the buyer's own mark (kept on the phone) stands, only the
  // count does not grow (docs/decisions/0046).
  const interestAnswer = async (id: number, interested: boolean, counted: boolean) => ({
    watchers: (await watchersOf(kysely, [id])).get(id) ?? 0,
    interested,
    ...(counted ? {} : { counted: false as const }),
  });
  app.post('/v1/products/:id/interest', interest, async (request) => {
    const { id } = request.params;
    await requirePublished(kysely, id);
    const at = nowIso();
    const counted = await addInterest(kysely, {
      productId: id,
      visitorId: request.body.visitor_id,
      addressGroup: addressGroup(request.ip),
      at,
      since: new Date(Date.parse(at) - DAY_MS).toISOString(),
      limit: WATCHERS_PER_ADDRESS_PER_DAY,
    });
    return interestAnswer(id, true, counted);
  });
  app.delete('/v1/products/:id/interest', interest, async (request) => {
    const { id } = request.params;
    await requirePublished(kysely, id);
    await removeInterest(kysely, id, request.body.visitor_id);
    return interestAnswer(id, false, true);
  });
};
