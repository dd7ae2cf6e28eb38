import { pageQuerySchema, shopInputSchema, shopListSchema, shopSchema, type PageQuery, type Shop } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nowIso, type Db } from '../../db/database.js';
import { STAFF } from '../../plugins/access.js';
import { HttpError } from '../../plugins/errors.js';
import { idParams } from '../../plugins/params.js';
import { recordAudit } from '../audit/repository.js';
import { deleteShop, findShop, insertShop, listShops, shopHasProducts, updateShop } from './repository.js';

export const SHOP_NOT_FOUND = 'Shop not found';
export const SHOP_IN_USE = 'This shop still has products. Move or delete its products before deleting the shop.';

type ShopRow = NonNullable<Awaited<ReturnType<typeof findShop>>>;

/** The spec's `contact` is the opening hours: sent back under both names. */
function toShop(row: ShopRow): Shop {
  return { ...row, contact: row.hours, delivery_fee: row.delivery_fee === null ? null : Number(row.delivery_fee) };
}

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
  app.get('/v1/shops', { config: { access: 'public', catalogueCache: true }, schema: listSchema }, (request) => list(request.query));
  app.get('/admin/shops', { config: { access: STAFF }, schema: listSchema }, (request) => list(request.query));

  app.get('/admin/shops/:id', { config: { access: STAFF }, schema: { tags, params: idParams, response: { 200: shopSchema } } }, async (request) => {
    const shop = await findShop(k, request.params.id);
    if (!shop) throw new HttpError(404, SHOP_NOT_FOUND);
    return toShop(shop);
  });

  app.post('/admin/shops', { config: { access: STAFF }, schema: { tags, body: shopInputSchema, response: { 201: shopSchema } } }, async (request, reply) => {
    const shop = await k.transaction().execute(async (trx) => {
      const now = nowIso();
      const id = await insertShop(trx, { ...request.body, contact: request.body.hours, created_at: now, updated_at: now });
      await recordAudit(trx, { actorId: request.user!.id, action: `Created shop ${request.body.name}`, subjectType: 'shop', subjectId: id });
      return toShop((await findShop(trx, id))!);
    });
    return reply.status(201).send(shop);
  });

  app.put('/admin/shops/:id', { config: { access: STAFF }, schema: { tags, params: idParams, body: shopInputSchema, response: { 200: shopSchema } } }, async (request) =>
    k.transaction().execute(async (trx) => {
      const { id } = request.params;
      if (!(await findShop(trx, id))) throw new HttpError(404, SHOP_NOT_FOUND);
      await updateShop(trx, id, { ...request.body, contact: request.body.hours, updated_at: nowIso() });
      await recordAudit(trx, { actorId: request.user!.id, action: `Updated shop ${request.body.name}`, subjectType: 'shop', subjectId: id });
      return toShop((await findShop(trx, id))!);
    }),
  );

  app.delete('/admin/shops/:id', { config: { access: STAFF }, schema: { tags, params: idParams } }, async (request, reply) => {
    await k.transaction().execute(async (trx) => {
      const { id } = request.params;
      const shop = await findShop(trx, id);
      if (!shop) throw new HttpError(404, SHOP_NOT_FOUND);
      if (await shopHasProducts(trx, id)) throw new HttpError(409, SHOP_IN_USE);
      await deleteShop(trx, id);
      await recordAudit(trx, { actorId: request.user!.id, action: `Deleted shop ${shop.name}`, subjectType: 'shop', subjectId: id });
    });
    return reply.status(204).send();
  });
};
