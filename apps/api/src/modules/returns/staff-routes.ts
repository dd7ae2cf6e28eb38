import {
  RETURN_NOT_FOUND,
  adminReturnListSchema,
  adminReturnSchema,
  declineReturnSchema,
  receiveReturnSchema,
  repairReturnSchema,
  returnsQuerySchema,
} from '@marketplace/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { SHOP_WORK } from '../../plugins/access.js';
import { HttpError } from '../../plugins/errors.js';
import { idParams } from '../../plugins/params.js';
import type { ShopOf } from '../../plugins/shop-scope.js';
import type { OrderLinks } from '../orders/index.js';
import { listReturns, photosOf, returnShop } from './repository/staff.js';
import { loadStaffReturn, toAdminReturn } from './staff-view.js';
import { declineReturn, receiveReturn, repairReturn, type StepCall } from './steps.js';

interface ReturnStaffRouteOptions {
  db: Db;
  clock: () => Date;
  /** The buyer's SMS of each step links to their order page, which shows the request's status. */
  links: OrderLinks;
}

/** The counter's routes (docs/decisions/0099): Admin, Moderator, and Shop staff for their own shop's requests. */
export const returnStaffRoutes: FastifyPluginAsync<ReturnStaffRouteOptions> = async (fastify, { db, clock, links }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['returns'];
  const ownReturn: ShopOf = { find: returnShop, missing: RETURN_NOT_FOUND };

  app.get(
    '/admin/returns',
    {
      config: { access: SHOP_WORK, shopOf: 'list' },
      schema: { tags, querystring: returnsQuerySchema, response: { 200: adminReturnListSchema } },
    },
    async (request) => {
      const { status, shop_id, limit, offset } = request.query;
      const { rows, total } = await listReturns(db.kysely, { status, shopId: shop_id, limit, offset });
      const photos = await photosOf(
        db.kysely,
        rows.map((r) => r.id),
      );
      const of = (id: number) => photos.filter((p) => p.return_id === id).map((p) => p.filename);
      return { returns: rows.map((r) => toAdminReturn(r, of(r.id))), total, limit, offset };
    },
  );

  const action = {
    config: { access: SHOP_WORK, shopOf: ownReturn },
    schema: { tags, params: idParams, response: { 200: adminReturnSchema } },
  };
  const call = (request: Pick<FastifyRequest, 'user'> & { params: { id: number } }): StepCall => ({
    actor: request.user!,
    id: request.params.id,
    now: clock(),
    links,
  });

  app.get('/admin/returns/:id', action, async (request) => {
    const found = await loadStaffReturn(db.kysely, request.params.id);
    if (!found) throw new HttpError(404, RETURN_NOT_FOUND);
    return found;
  });

  app.post(
    '/admin/returns/:id/receive',
    { ...action, schema: { ...action.schema, body: receiveReturnSchema } },
    async (request) => receiveReturn(db, call(request), request.body),
  );

  app.post(
    '/admin/returns/:id/repair',
    { ...action, schema: { ...action.schema, body: repairReturnSchema } },
    async (request) => repairReturn(db, call(request), request.body.step),
  );

  app.post(
    '/admin/returns/:id/decline',
    { ...action, schema: { ...action.schema, body: declineReturnSchema } },
    async (request) => declineReturn(db, call(request), request.body.reason),
  );
};
