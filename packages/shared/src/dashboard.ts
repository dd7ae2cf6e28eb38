import { z } from 'zod';
import { dashboardAfterSaleSchema } from './return-figures.js';

export const dashboardSchema = z.object({
  stats: z.object({
    products: z.number().int(),
    orders: z.number().int(),
    users: z.number().int(),
    pendingOrders: z.number().int(),
    /** MWK taken in the last 7 days, today included, less refunds (the ledger: sales and payments). */
    revenueThisWeek: z.number().int(),
    /** What the business kept of it: taken in, less refunds and fees, less what was paid to sellers (decision 0051). */
    marginThisWeek: z.number().int(),
  }),
  /** Items reserved in the last hour, against RESERVATION_ALARM_PER_HOUR: someone may be hoarding the stock. */
  reservations: z.object({
    last_hour: z.number().int(),
    alarm_per_hour: z.number().int(),
    alarm: z.boolean(),
  }),
  /** Open orders paid online more than PAID_HOLD_DAYS ago: paid items held without end, the buyer must be called. */
  paid_waiting: z.object({ orders: z.number().int(), days: z.number().int() }),
  /** The last 7 days ending today (UTC), oldest first. */
  orders_by_day: z.array(z.object({ date: z.string(), orders: z.number().int() })),
  /** Returns and warranty claims this week, refunds, and the categories whose items come back (issue 38). */
  after_sale: dashboardAfterSaleSchema,
  recent_actions: z.array(
    z.object({ id: z.number().int(), action: z.string(), time: z.string(), actor: z.string().nullable() }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
