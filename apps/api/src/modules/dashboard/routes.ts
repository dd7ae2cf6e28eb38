import { dashboardSchema } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { SHOP_WORK } from '../../plugins/access.js';
import { isShopStaff, shopOfUser } from '../../plugins/shop-scope.js';
import { recentAudit } from '../audit/index.js';
import { moneySince } from '../ledger/index.js';
import { countOpenOrders, countOrders, itemsReservedSince, ordersPerDay, paidWaitingSince } from '../orders/index.js';
import { countProducts } from '../products/index.js';
import { afterSaleFigures } from '../returns/index.js';
import { countUsers } from '../users/index.js';

/** The 7 UTC dates ending today, oldest first. */
export function lastSevenDays(today: Date): string[] {
  return Array.from({ length: 7 }, (_, i) =>
    new Date(today.getTime() - (6 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

export interface DashboardRouteOptions {
  db: Db;
  clock: () => Date;
  /** RESERVATION_ALARM_PER_HOUR: more items reserved in the last hour than this raises the alarm. */
  alarmPerHour: number;
  /** PAID_HOLD_DAYS: a paid order still open after this many days is shown. */
  paidHoldDays: number;
}

export const dashboardRoutes: FastifyPluginAsync<DashboardRouteOptions> = async (
  fastify,
  { db, clock, alarmPerHour, paidHoldDays },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const k = db.kysely;

  app.get(
    '/admin/dashboard',
    // Shop staff see their shop's counts; the handler scopes every count ('handler').
    {
      config: { access: SHOP_WORK, shopOf: 'handler' },
      schema: { tags: ['dashboard'], response: { 200: dashboardSchema } },
    },
    async (request) => {
      const shop = isShopStaff(request.user) ? shopOfUser(request.user) : undefined;
      const now = clock();
      const days = lastSevenDays(now);
      const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
      // The week starts at midnight UTC six days ago: the chart's days and the revenue and margin cards agree.
      const from = `${days[0]}T00:00:00.000Z`;
      const paidBefore = new Date(now.getTime() - paidHoldDays * 86_400_000).toISOString();
      const [products, users, orders, pendingOrders, perDay, week, actions, reserved, paidWaiting, afterSale] =
        await Promise.all([
          countProducts(k, shop),
          countUsers(k, shop),
          countOrders(k, shop),
          countOpenOrders(k, shop),
          ordersPerDay(k, from, shop),
          moneySince(k, from, shop),
          // Other staff's actions are not a shop's business.
          shop === undefined ? recentAudit(k, 10) : [],
          itemsReservedSince(k, hourAgo, shop),
          paidWaitingSince(k, paidBefore, shop),
          afterSaleFigures(k, { from, now, shopId: shop }),
        ]);
      return {
        stats: {
          products,
          orders,
          users,
          pendingOrders,
          revenueThisWeek: week.revenue,
          marginThisWeek: week.margin,
        },
        reservations: { last_hour: reserved, alarm_per_hour: alarmPerHour, alarm: reserved > alarmPerHour },
        paid_waiting: { orders: paidWaiting, days: paidHoldDays },
        orders_by_day: days.map((date) => ({ date, orders: perDay.get(date) ?? 0 })),
        after_sale: afterSale,
        recent_actions: actions.map((a) => ({
          id: a.id,
          action: a.action,
          time: a.created_at,
          actor: a.actor ?? null,
        })),
      };
    },
  );
};
