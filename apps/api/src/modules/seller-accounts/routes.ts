import { accountItemsSchema, claimItemSchema, loginResultSchema, sellerAccountSchema } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { tokenParams } from '../../plugins/params.js';
import type { StatusLinks } from '../seller-requests/links.js';
import { SELL_LINK_PER_MINUTE } from '../seller-requests/routes.js';
import { accountItems, claimItem, createSellerAccount } from './service.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';

export interface SellerAccountRouteOptions {
  db: Db;
  clock: () => Date;
  links: StatusLinks;
}

/** Seller accounts (docs/decisions/0011): made from an item's private page, listing the seller's items at /account. */
export const sellerAccountRoutes: FastifyPluginAsync<SellerAccountRouteOptions> = async (
  fastify,
  { db, clock, links },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['seller accounts'];
  keepAnswersPrivate(app);

  app.post(
    '/v1/sells/:token/account',
    {
      // Each call costs a password hash: a tight per-address limit on top of needing a valid link.
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, params: tokenParams, body: sellerAccountSchema, response: { 201: loginResultSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createSellerAccount(db, request.params.token, request.body.password, clock())),
  );

  app.get(
    '/v1/account/items',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: accountItemsSchema } } },
    async (request) => accountItems(db, request.user!, links),
  );

  app.post(
    '/v1/account/items',
    {
      config: { access: 'authenticated', rateLimit: { max: SELL_LINK_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { tags, body: claimItemSchema, response: { 200: accountItemsSchema } },
    },
    async (request) => {
      await claimItem(db, request.user!, request.body.status_token, clock());
      return accountItems(db, request.user!, links);
    },
  );
};
