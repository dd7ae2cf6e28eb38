import {
  OFFER_NOT_FOUND,
  adminOfferListSchema,
  adminOfferSchema,
  counterBuyerOfferSchema,
  declineBuyerOfferSchema,
  offerFiguresSchema,
  offersQuerySchema,
} from '@marketplace/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { SHOP_WORK } from '../../plugins/access.js';
import { HttpError } from '../../plugins/errors.js';
import { idParams } from '../../plugins/params.js';
import type { ShopOf } from '../../plugins/shop-scope.js';
import { offerFigures } from './figures.js';
import type { OfferLinks } from './links.js';
import { findOffer, listOffers, offerShop } from './repository.js';
import { acceptOffer, counterOffer, declineOffer } from './steps.js';
import { toAdminOffer } from './views.js';

interface OfferStaffRouteOptions {
  db: Db;
  clock: () => Date;
  links: OfferLinks;
  offerHours: number;
}

/** The shop's answers to offers (docs/decisions/0103): Admin, Moderator, and Shop staff for their own shop's offers. */
export const offerStaffRoutes: FastifyPluginAsync<OfferStaffRouteOptions> = async (
  fastify,
  { db, clock, links, offerHours },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['offers'];
  const ownOffer: ShopOf = { find: offerShop, missing: OFFER_NOT_FOUND };

  app.get(
    '/admin/offers',
    {
      config: { access: SHOP_WORK, shopOf: 'list' },
      schema: { tags, querystring: offersQuerySchema, response: { 200: adminOfferListSchema } },
    },
    async (request) => {
      const { status, shop_id, product_id, limit, offset } = request.query;
      const { rows, total } = await listOffers(db.kysely, {
        status,
        shopId: shop_id,
        productId: product_id,
        limit,
        offset,
      });
      return { offers: rows.map(toAdminOffer), total, limit, offset };
    },
  );

  app.get(
    '/admin/offers/figures',
    {
      config: { access: SHOP_WORK, shopOf: 'list' },
      schema: { tags, querystring: offersQuerySchema.pick({ shop_id: true }), response: { 200: offerFiguresSchema } },
    },
    async (request) => offerFigures(db.kysely, { shopId: request.query.shop_id, now: clock() }),
  );

  const action = {
    config: { access: SHOP_WORK, shopOf: ownOffer },
    schema: { tags, params: idParams, response: { 200: adminOfferSchema } },
  };
  const call = (request: Pick<FastifyRequest, 'user'>) => ({ actor: request.user!, now: clock(), links, offerHours });

  app.get('/admin/offers/:id', action, async (request) => {
    const row = await findOffer(db.kysely, request.params.id);
    if (!row) throw new HttpError(404, OFFER_NOT_FOUND);
    return toAdminOffer(row);
  });

  app.post('/admin/offers/:id/accept', action, async (request) =>
    toAdminOffer(await acceptOffer(db, call(request), request.params.id)),
  );

  app.post(
    '/admin/offers/:id/counter',
    { ...action, schema: { ...action.schema, body: counterBuyerOfferSchema } },
    async (request) => toAdminOffer(await counterOffer(db, call(request), request.params.id, request.body.amount)),
  );

  app.post(
    '/admin/offers/:id/decline',
    { ...action, schema: { ...action.schema, body: declineBuyerOfferSchema } },
    async (request) => toAdminOffer(await declineOffer(db, call(request), request.params.id, request.body.reason)),
  );
};
