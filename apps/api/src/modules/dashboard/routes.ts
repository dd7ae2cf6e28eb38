import { dashboardSchema } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { STAFF } from '../../plugins/access.js';
import { recentAudit } from '../audit/repository.js';

const count = (db: Db, table: 'products' | 'users') =>
  db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

/** The 7 UTC dates ending today, oldest first. */
export function lastSevenDays(today: Date): string[] {
  return Array.from({ length: 7 }, (_, i) => new Date(today.getTime() - (6 - i) * 86_400_000).toISOString().slice(0, 10));
}

export const dashboardRoutes: FastifyPluginAsync<{ db: Db }> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/dashboard', { config: { access: STAFF }, schema: { tags: ['dashboard'], response: { 200: dashboardSchema } } }, async () => {
    const [products, users, actions] = await Promise.all([count(db, 'products'), count(db, 'users'), recentAudit(db.kysely, 10)]);
    // Orders do not exist yet (a later issue): the figures are real zeros, not samples.
    const orders_by_day = lastSevenDays(new Date()).map((date) => ({ date, orders: 0 }));
    return {
      stats: { products, orders: 0, users, pendingOrders: 0 },
      orders_by_day,
      recent_actions: actions.map((a) => ({ id: a.id, action: a.action, time: a.created_at, actor: a.actor ?? null })),
    };
  });
};
