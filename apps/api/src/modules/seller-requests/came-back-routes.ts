import { cameBackSchema, type CameBack } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, Executor } from '../../db/database.js';
import { SHOP_WORK } from '../../plugins/access.js';
import { HttpError } from '../../plugins/errors.js';
import { idParams } from '../../plugins/params.js';
import type { ShopOf } from '../../plugins/shop-scope.js';
import { shopOfSellerRequest } from '../products/index.js';
import { findRequest } from './repository.js';
import type { SellerOf } from './repository/of-seller.js';
import { REQUEST_NOT_FOUND } from './views.js';

export interface CameBackRouteOptions {
  db: Db;
  clock: () => Date;
  /** Returns' count (modules/returns sellerCameBack), passed in by app.ts: returns imports what imports this module. */
  cameBack: (db: Executor, seller: SellerOf, now: Date) => Promise<CameBack>;
}

/**
 * GET /admin/seller-requests/{id}/came-back: how many of this seller's items sold lately came back (issue 38), the
 * seller being the request's phone or seller account, for staff weighing the next offer.
 */
export const sellerCameBackRoutes: FastifyPluginAsync<CameBackRouteOptions> = async (
  fastify,
  { db, clock, cameBack },
) => {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/admin/seller-requests/:id/came-back',
    {
      config: {
        access: SHOP_WORK,
        shopOf: { find: shopOfSellerRequest, missing: REQUEST_NOT_FOUND } satisfies ShopOf,
      },
      schema: { tags: ['seller requests'], params: idParams, response: { 200: cameBackSchema } },
    },
    async (request) => {
      const row = await findRequest(db.kysely, request.params.id);
      if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
      return cameBack(db.kysely, { phoneKey: row.phone_key, sellerUserId: row.seller_user_id }, clock());
    },
  );
};
