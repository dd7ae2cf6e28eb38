import {
  ledgerCorrectionSchema,
  payByHandSchema,
  moneyEntriesQuerySchema,
  moneyEntrySchema,
  moneyEntryListSchema,
  moneyQuerySchema,
  moneySummarySchema,
  REFUND_WEEKS,
  refundWeeksQuerySchema,
  refundWeeksSchema,
} from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { ADMIN_ONLY, SHOP_WORK } from '../../plugins/access.js';
import { idParams } from '../../plugins/params.js';
import { payByHand } from '../payments/index.js';
import { refundsPerWeek } from '../returns/index.js';
import type { Payments } from '../payments/index.js';
import { recordCorrection } from './corrections.js';
import { entriesPage } from './entries.js';
import { entriesCsv, moneySummary } from './report.js';

/**
 * The Money figures, read from the ledger (docs/decisions/0049); staff read them. Only an Admin writes: a correction
 * of an entry (0082), or how a refund or payout the gateway cannot send was paid (0079).
 */
export const moneyRoutes: FastifyPluginAsync<{
  db: Db;
  clock: () => Date;
  payments?: Payments | undefined;
}> = async (fastify, { db, clock, payments }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['money'];

  app.get(
    '/admin/money/summary',
    {
      config: { access: SHOP_WORK, shopOf: 'list' },
      schema: { tags, querystring: moneyQuerySchema, response: { 200: moneySummarySchema } },
    },
    async (request) => moneySummary(db.kysely, request.query),
  );

  // Refunds of returns per week (issue 38), whatever period the summary shows: how after-sale costs move.
  app.get(
    '/admin/money/refunds',
    {
      config: { access: SHOP_WORK, shopOf: 'list' },
      schema: { tags, querystring: refundWeeksQuerySchema, response: { 200: refundWeeksSchema } },
    },
    async (request) => ({
      weeks: await refundsPerWeek(db.kysely, { now: clock(), weeks: REFUND_WEEKS, shopId: request.query.shop_id }),
    }),
  );

  // The entries behind one figure of the summary, a page at a time, newest first.
  app.get(
    '/admin/money/entries',
    {
      config: { access: SHOP_WORK, shopOf: 'list' },
      schema: { tags, querystring: moneyEntriesQuerySchema, response: { 200: moneyEntryListSchema } },
    },
    async (request) => entriesPage(db.kysely, request.query),
  );

  app.get(
    '/admin/money/entries.csv',
    { config: { access: SHOP_WORK, shopOf: 'list' }, schema: { tags, querystring: moneyQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="money-${from}-to-${to}.csv"`)
        .send(await entriesCsv(db.kysely, request.query));
    },
  );

  // Money leaves the business: Admins only. A new Airtel payout is sent at once, without waiting for the poller.
  app.post(
    '/admin/money/transfers/:id/by-hand',
    { config: { access: ADMIN_ONLY }, schema: { tags, params: idParams, body: payByHandSchema } },
    async (request, reply) => {
      const queued = await payByHand(db, {
        actor: request.user!,
        id: request.params.id,
        body: request.body,
        now: clock(),
      });
      if (queued) payments?.nudge(clock);
      return reply.code(204).send();
    },
  );

  // The ledger is append-only: a mistake is put right by a new entry naming the one it corrects.
  app.post(
    '/admin/money/corrections',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, body: ledgerCorrectionSchema, response: { 201: moneyEntrySchema } },
    },
    async (request, reply) => reply.status(201).send(await recordCorrection(db, request.user!, request.body, clock())),
  );
};
