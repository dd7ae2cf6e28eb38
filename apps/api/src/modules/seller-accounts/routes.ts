import {
  accountItemsSchema,
  claimItemSchema,
  confirmSellerAccountSchema,
  loginResultSchema,
  sellerAccountRequestedSchema,
  sellerAccountSchema,
} from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { tokenParams } from '../../plugins/params.js';
import type { StatusLinks } from '../seller-requests/index.js';
import { SELL_LINK_PER_MINUTE } from '../seller-requests/index.js';
import { accountItems, claimItem, confirmSellerAccount, requestSellerAccount } from './service.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';

export interface SellerAccountRouteOptions {
  db: Db;
  clock: () => Date;
  links: StatusLinks;
  /** Where the web app is, for the link in the confirmation email. */
  publicUrl: string;
}

/** Seller accounts (docs/decisions/0011): made from an item's private page, listing the seller's items at /account. */
export const sellerAccountRoutes: FastifyPluginAsync<SellerAccountRouteOptions> = async (
  fastify,
  { db, clock, links, publicUrl },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['seller accounts'];
  keepAnswersPrivate(app);

  app.post(
    '/v1/sells/:token/account',
    {
      // Each call may send an email: a tight per-address limit on top of needing a valid link.
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, params: tokenParams, body: sellerAccountSchema, response: { 202: sellerAccountRequestedSchema } },
    },
    async (request, reply) =>
      reply.status(202).send(await requestSellerAccount(db, request.params.token, publicUrl, clock())),
  );

  app.post(
    '/v1/account/confirm/:token',
    {
      // Each call costs a password hash.
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, params: tokenParams, body: confirmSellerAccountSchema, response: { 200: loginResultSchema } },
    },
    async (request) => confirmSellerAccount(db, request.params.token, request.body.password, clock()),
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
