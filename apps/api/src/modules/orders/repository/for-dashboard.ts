import { OPEN_ORDER_STATUSES } from '@marketplace/shared';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';

// The back-office dashboard's counts of orders (modules/dashboard). `shopId`: one shop's, for Shop staff
// (docs/decisions/0061); undefined counts every shop.

export async function countOrders(db: Executor, shopId?: number) {
  let query = db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n'));
  if (shopId !== undefined) query = query.where('shop_id', '=', shopId);
  const { n } = await query.executeTakeFirstOrThrow();
  return Number(n);
}

/** Orders still holding their items: placed, confirmed, ready or on their way. */
export async function countOpenOrders(db: Executor, shopId?: number) {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', [...OPEN_ORDER_STATUSES]);
  if (shopId !== undefined) query = query.where('shop_id', '=', shopId);
  const { n } = await query.executeTakeFirstOrThrow();
  return Number(n);
}

/** Orders created per UTC day since `from` (an ISO time); days without orders are absent. */
export async function ordersPerDay(db: Executor, from: string, shopId?: number): Promise<Map<string, number>> {
  // Times are ISO text on both engines: the first 10 characters are the UTC day.
  const day = sql<string>`substr(created_at, 1, 10)`;
  let query = db
    .selectFrom('orders')
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', from);
  if (shopId !== undefined) query = query.where('shop_id', '=', shopId);
  const rows = await query.groupBy(day).execute();
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

/** Items reserved (order lines placed) since `since`: what the dashboard's alarm compares with its setting. */
export async function itemsReservedSince(db: Executor, since: string, shopId?: number): Promise<number> {
  let query = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('o.created_at', '>=', since);
  if (shopId !== undefined) query = query.where('o.shop_id', '=', shopId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Open orders paid online before `before`: paid items have no expiry, so staff chase those left waiting. */
export async function paidWaitingSince(db: Executor, before: string, shopId?: number): Promise<number> {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('payment_status', '=', 'paid')
    .where('status', 'in', [...OPEN_ORDER_STATUSES])
    .where('created_at', '<', before);
  if (shopId !== undefined) query = query.where('shop_id', '=', shopId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}
