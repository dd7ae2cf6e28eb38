import { adminFeaturedListSchema, pageQuerySchema } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { STAFF } from '../../plugins/access.js';
import { idParam } from '../../plugins/params.js';
import { listFeatured } from './repository.js';
import { featureProduct, unfeatureProduct } from './service.js';

const productParams = z.object({ productId: idParam('productId') });

export const featuredRoutes: FastifyPluginAsync<{ db: Db }> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: STAFF };
  const tags = ['featured'];

  app.get(
    '/admin/featured-products',
    { config, schema: { tags, querystring: pageQuerySchema, response: { 200: adminFeaturedListSchema } } },
    async (request) => {
      const { limit, offset } = request.query;
      const { rows, total } = await listFeatured(db.kysely, limit, offset);
      const featured_products = rows.map((r) => ({
        id: r.id,
        product_id: r.product_id,
        name: r.name,
        price: Number(r.price),
        is_published: r.published === 1,
      }));
      return { featured_products, total, limit, offset };
    },
  );

  app.post(
    '/admin/featured-products/:productId',
    { config, schema: { tags, params: productParams } },
    async (request, reply) => {
      const { productId } = request.params;
      const id = await featureProduct(db, request.user!, productId);
      return reply.status(201).send({ id, product_id: productId });
    },
  );

  app.delete(
    '/admin/featured-products/:productId',
    { config, schema: { tags, params: productParams } },
    async (request, reply) => {
      await unfeatureProduct(db, request.user!, request.params.productId);
      return reply.status(204).send();
    },
  );
};
