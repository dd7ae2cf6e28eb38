import {
  productHistorySchema,
  refundReturnSchema,
  replaceReturnSchema,
  RETURN_NOT_FOUND,
  returnOutcomeSchema,
  writeOffReturnSchema,
} from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { SHOP_WORK } from '../../plugins/access.js';
import { idParams } from '../../plugins/params.js';
import type { ShopOf } from '../../plugins/shop-scope.js';
import { refundReturn, replaceReturn, writeOffReturn, type AddOrderLine } from './outcomes.js';
import { PRODUCT_NOT_FOUND, productHistory, type SalesOfProduct } from './product-history.js';
import { productShop } from '../products/index.js';
import { returnShop } from './repository/staff.js';
import { loadStaffReturn } from './staff-view.js';

export interface OutcomeRouteOptions {
  db: Db;
  clock: () => Date;
  /** Sends a refund's transfer now rather than at the next poll (payments, when a gateway is configured). */
  payments?: { nudge(clock: () => Date): void } | undefined;
  /** Orders' function that adds a line to an order (passed in by app.ts: orders may come to read returns). */
  addOrderLine: AddOrderLine;
  /** Orders' read of the lines that sold a product, for its history. */
  salesOfProduct: SalesOfProduct;
}

/** A return's outcomes at the counter (docs/decisions/0099): refund, replace, and writing the item off. */
export const returnOutcomeRoutes: FastifyPluginAsync<OutcomeRouteOptions> = async (
  fastify,
  { db, clock, payments, addOrderLine, salesOfProduct },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Admin, Moderator, and Shop staff for their own shop's returns: another shop's is missing (404).
  const ownReturn: ShopOf = { find: returnShop, missing: RETURN_NOT_FOUND };
  const schema = { tags: ['returns'], params: idParams, response: { 200: returnOutcomeSchema } };
  const config = { access: SHOP_WORK, shopOf: ownReturn };
  // The answer is the return as its screen shows it (as the counter's steps answer), with what the outcome made.
  const withStaffView = async <T extends { id: number }>(outcome: T) => ({
    ...(await loadStaffReturn(db.kysely, outcome.id))!,
    ...outcome,
  });

  app.post(
    '/admin/returns/:id/refund',
    { config, schema: { ...schema, body: refundReturnSchema } },
    async (request) => {
      const { outcome, sent } = await refundReturn(db, {
        actor: request.user!,
        id: request.params.id,
        now: clock(),
        body: request.body,
      });
      if (sent) payments?.nudge(clock);
      return withStaffView(outcome);
    },
  );

  app.post(
    '/admin/returns/:id/replace',
    { config, schema: { ...schema, body: replaceReturnSchema } },
    async (request) =>
      withStaffView(
        await replaceReturn(db, {
          actor: request.user!,
          id: request.params.id,
          now: clock(),
          body: request.body,
          addOrderLine,
        }),
      ),
  );

  app.post(
    '/admin/returns/:id/write-off',
    { config, schema: { ...schema, body: writeOffReturnSchema } },
    async (request) =>
      withStaffView(
        await writeOffReturn(db, {
          actor: request.user!,
          id: request.params.id,
          now: clock(),
          reason: request.body.reason,
        }),
      ),
  );

  // An item's sales and returns (part 3: its history is derived); Shop staff see their own shop's items only.
  app.get(
    '/admin/products/:id/history',
    {
      config: { access: SHOP_WORK, shopOf: { find: productShop, missing: PRODUCT_NOT_FOUND } },
      schema: { tags: ['returns'], params: idParams, response: { 200: productHistorySchema } },
    },
    (request) => productHistory(db.kysely, request.params.id, salesOfProduct),
  );
};
