import { pageQuerySchema, shopInputSchema, shopListSchema, shopSchema, type PageQuery } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { SHOP_WORK, STAFF } from '../../plugins/access.js';
import { dependsOn } from '../../plugins/catalogue-tags.js';
import { isShopStaff, shopOfUser } from '../../plugins/shop-scope.js';
import { HttpError } from '../../plugins/errors.js';
import { idParams } from '../../plugins/params.js';
import { findShop, listShops } from './repository.js';
import { changeShop, createShop, removeShop, SHOP_NOT_FOUND, toShop } from './service.js';

export const shopRoutes: FastifyPluginAsync<{ db: Db }> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['shops'];
  const k = db.kysely;

  // Public: the contact page lists the partner shops' addresses and hours.
  const list = async ({ limit, offset }: PageQuery) => {
    const { rows, total } = await listShops(k, limit, offset);
    return { shops: rows.map(toShop), total, limit, offset };
  };
  const listSchema = { tags, querystring: pageQuerySchema, response: { 200: shopListSchema } };
  app.get(
    '/v1/shops',
    { config: { access: 'public', catalogueCache: true, noWatcherCounts: true }, schema: listSchema },
    // Made of shops alone: only a change to everything (a shop's, a category's) makes it stale (decision 0089).
    (request) => {
      dependsOn(request);
      return list(request.query);
    },
  );
  // Shop pickers read this list: Shop staff are answered their own shop only (docs/decisions/0061).
  app.get('/admin/shops', { config: { access: SHOP_WORK, shopOf: 'handler' }, schema: listSchema }, async (request) => {
    if (!isShopStaff(request.user)) return list(request.query);
    const own = await findShop(k, shopOfUser(request.user));
    const { limit, offset } = request.query;
    const shops = own && offset === 0 ? [toShop(own)] : [];
    return { shops, total: own ? 1 : 0, limit, offset };
  });

  app.get(
    '/admin/shops/:id',
    { config: { access: STAFF }, schema: { tags, params: idParams, response: { 200: shopSchema } } },
    async (request) => {
      const shop = await findShop(k, request.params.id);
      if (!shop) throw new HttpError(404, SHOP_NOT_FOUND);
      return toShop(shop);
    },
  );

  app.post(
    '/admin/shops',
    { config: { access: STAFF }, schema: { tags, body: shopInputSchema, response: { 201: shopSchema } } },
    async (request, reply) => reply.status(201).send(await createShop(db, request.user!, request.body)),
  );

  app.put(
    '/admin/shops/:id',
    {
      config: { access: STAFF },
      schema: { tags, params: idParams, body: shopInputSchema, response: { 200: shopSchema } },
    },
    async (request) => changeShop(db, request.user!, request.params.id, request.body),
  );

  app.delete(
    '/admin/shops/:id',
    { config: { access: STAFF }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await removeShop(db, request.user!, request.params.id);
      return reply.status(204).send();
    },
  );
};
