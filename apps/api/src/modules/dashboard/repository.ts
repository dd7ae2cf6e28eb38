import { OPEN_ORDER_STATUSES } from '@marketplace/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

export async function countRows(db: Executor, table: 'products' | 'users' | 'orders') {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Orders still holding their items: placed, confirmed, ready or on their way. */
export async function countOpenOrders(db: Executor) {
  const { n } = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', [...OPEN_ORDER_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Orders created per UTC day since `from` (an ISO time); days without orders are absent. */
export async function ordersPerDay(db: Executor, from: string): Promise<Map<string, number>> {
  // Times are ISO text on both engines: the first 10 characters are the UTC day.
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom('orders')
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', from)
    .groupBy(day)
    .execute();
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

/**
 * This week's money from the ledger (docs/decisions/0049, 0051), so that the dashboard says what the Money figures
 * say. Revenue: sales at the counter and payments online, less refunds. Margin: that revenue less fees and less
 * what was paid to sellers; no estimate of anything the ledger does not hold.
 */
export async function moneySince(db: Executor, from: string) {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['kind', 'direction', (eb) => eb.fn.sum<string | number | null>('amount').as('sum')])
    .where('created_at', '>=', from)
    .where('kind', 'in', ['sale', 'payment', 'refund', 'fee', 'seller_payout'])
    .groupBy(['kind', 'direction'])
    .execute();
  let revenue = 0;
  let margin = 0;
  for (const r of rows) {
    // PostgreSQL sums bigint as numeric (text in JS).
    const signed = (r.direction === 'in' ? 1 : -1) * Number(r.sum ?? 0);
    if (r.kind === 'sale' || r.kind === 'payment' || r.kind === 'refund') revenue += signed;
    margin += signed;
  }
  return { revenue, margin };
}

/** Items reserved (order lines placed) since `since`: what the dashboard's alarm compares with its setting. */
export async function itemsReservedSince(db: Executor, since: string): Promise<number> {
  const row = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('o.created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Open orders paid online before `before`: paid items have no expiry, so staff chase those left waiting. */
export async function paidWaitingSince(db: Executor, before: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('payment_status', '=', 'paid')
    .where('status', 'in', [...OPEN_ORDER_STATUSES])
    .where('created_at', '<', before)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
