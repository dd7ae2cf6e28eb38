import { adminFeaturedListSchema, pageQuerySchema } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso, type Db } from '../../db/database.js';
import { STAFF } from '../../plugins/access.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/repository.js';
import { findProduct } from '../products/repository.js';

export const ONLY_PUBLISHED = 'Only published products can be featured.';
export const SOLD_NOT_FEATURED = 'A sold product cannot be featured.';
export const ALREADY_FEATURED = 'This product is already featured.';
export const NOT_FEATURED = 'This product is not featured.';

const productParams = z.object({
  productId: z.coerce.number({ message: 'productId must be a number' }).positive('productId must be positive').max(2_147_483_647, 'productId is too large').int('productId must be a whole number'),
});

export const featuredRoutes: FastifyPluginAsync<{ db: Db }> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: STAFF };
  const tags = ['featured'];
  const k = db.kysely;

  app.get('/admin/featured-products', { config, schema: { tags, querystring: pageQuerySchema, response: { 200: adminFeaturedListSchema } } }, async (request) => {
    const { limit, offset } = request.query;
    const rows = await k
      .selectFrom('featured_products as f')
      .innerJoin('products as p', 'p.id', 'f.product_id')
      .select(['f.id', 'f.product_id', 'p.name', 'p.price', 'p.published'])
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const { n } = await k.selectFrom('featured_products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const featured_products = rows.map((r) => ({ id: r.id, product_id: r.product_id, name: r.name, price: Number(r.price), is_published: r.published === 1 }));
    return { featured_products, total: Number(n), limit, offset };
  });

  app.post('/admin/featured-products/:productId', { config, schema: { tags, params: productParams } }, async (request, reply) => {
    const { productId } = request.params;
    const id = await k.transaction().execute(async (trx) => {
      const product = await findProduct(trx, productId);
      if (!product) throw new HttpError(404, 'Product not found');
      if (product.published !== 1) throw new HttpError(409, ONLY_PUBLISHED);
      // Featured is the shop window: an item nobody can buy any more has no place there.
      if (product.sold === 1) throw new HttpError(409, SOLD_NOT_FEATURED);
      // The unique product_id decides between two staff featuring it at once; the loser gets the 409 too.
      const row = await trx
        .insertInto('featured_products')
        .values({ product_id: productId, created_at: nowIso() })
        .onConflict((oc) => oc.column('product_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) throw new HttpError(409, ALREADY_FEATURED);
      await recordAudit(trx, { actorId: request.user!.id, action: `Featured product ${product.name}`, subjectType: 'product', subjectId: productId });
      return row.id;
    });
    return reply.status(201).send({ id, product_id: productId });
  });

  app.delete('/admin/featured-products/:productId', { config, schema: { tags, params: productParams } }, async (request, reply) => {
    const { productId } = request.params;
    await k.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom('featured_products').where('product_id', '=', productId).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw new HttpError(404, NOT_FEATURED);
      await recordAudit(trx, { actorId: request.user!.id, action: `Removed product ${productId} from featured`, subjectType: 'product', subjectId: productId });
    });
    return reply.status(204).send();
  });
};
