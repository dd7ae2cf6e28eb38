import type { OrderStatus } from '@marketplace/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { OrderEventsTable, OrderItemsTable, OrdersTable, ProductHoldsTable } from '../../db/schema.js';

export const ORDER_NOT_FOUND = 'Order not found';

export type OrderRow = Selectable<OrdersTable>;

/**
 * Inserts the order unless its number is taken (then undefined: the caller draws another number).
 * ON CONFLICT rather than catching the error: on PostgreSQL a failed statement aborts the transaction.
 */
export async function insertOrder(db: Executor, values: Insertable<OrdersTable>): Promise<number | undefined> {
  const row = await db
    .insertInto('orders')
    .values(values)
    .onConflict((oc) => oc.column('number').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function insertItems(db: Executor, items: Insertable<OrderItemsTable>[]) {
  if (items.length > 0) await db.insertInto('order_items').values(items).execute();
}

/**
 * Holds the products for their orders; returns the ids actually held. A product another open order
 * holds is skipped (its primary key refuses a second hold). Rows go in product id order, so two
 * transactions holding overlapping products wait for each other instead of deadlocking.
 */
export async function holdProducts(
  db: Executor,
  holds: Omit<Insertable<ProductHoldsTable>, 'created_at'>[],
  now: string,
): Promise<Set<number>> {
  if (holds.length === 0) return new Set();
  const rows = await db
    .insertInto('product_holds')
    .values([...holds].sort((a, b) => a.product_id - b.product_id).map((h) => ({ ...h, created_at: now })))
    .onConflict((oc) => oc.column('product_id').doNothing())
    .returning('product_id')
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

/** The order's items are on sale again (or, after completion, simply no longer held). */
export async function releaseHolds(db: Executor, orderId: number) {
  await db.deleteFrom('product_holds').where('order_id', '=', orderId).execute();
}

export function findOrder(db: Executor, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The orders one checkout request placed (one per shop), oldest first. */
export function ordersOfRequest(db: Executor, requestKey: string) {
  return db.selectFrom('orders').selectAll().where('request_key', '=', requestKey).orderBy('id').execute();
}

/** By the link given at checkout or the one messages carry (decision 0060): both open the order. */
export function findOrderByTokenHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb.or([eb('token_hash', '=', tokenHash), eb('link_hash', '=', tokenHash)]))
    .executeTakeFirst();
}

export function itemsOf(db: Executor, orderId: number) {
  return db
    .selectFrom('order_items')
    .select(['product_id', 'name', 'price', 'image'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

export function eventsOf(db: Executor, orderId: number) {
  return db
    .selectFrom('order_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select([
      'e.id',
      'e.action',
      'e.from_status',
      'e.to_status',
      'e.reason',
      'e.by',
      'u.display_name as actor',
      'e.created_at',
    ])
    .where('e.order_id', '=', orderId)
    .orderBy('e.id')
    .execute();
}

export async function addEvent(db: Executor, event: Insertable<OrderEventsTable>) {
  await db.insertInto('order_events').values(event).execute();
}

/** What else a change of status may set: how it was paid, the coach it went by. */
export type StatusExtra = Pick<
  Updateable<OrdersTable>,
  | 'payment_method'
  | 'payment_reference'
  | 'completed_at'
  | 'payment_status'
  | 'coach_company'
  | 'waybill'
  | 'coach_fare'
  | 'total'
>;

/**
 * Moves the order to a new status only if it is still at the version the caller read: of two staff
 * (or staff and the expiry job) acting at once, exactly one update matches and the other gets false.
 */
export async function moveStatus(
  db: Executor,
  {
    id,
    version,
    status,
    now,
    extra = {},
  }: { id: number; version: number; status: OrderStatus; now: string; extra?: StatusExtra | undefined },
) {
  const result = await db
    .updateTable('orders')
    .set({ ...extra, status, version: version + 1, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface OrderListFilter {
  status?: string | undefined;
  shopId?: number | undefined;
  limit: number;
  offset: number;
}

/** Back-office list, newest first, with the item count of each order and the total for paging. */
export async function listOrders(db: Executor, filter: OrderListFilter) {
  let base = db.selectFrom('orders as o');
  if (filter.status !== undefined) base = base.where('o.status', '=', filter.status);
  if (filter.shopId !== undefined) base = base.where('o.shop_id', '=', filter.shopId);
  const rows = await base
    .leftJoin('shops as s', 's.id', 'o.shop_id')
    .select((eb) => [
      'o.id',
      'o.number',
      'o.status',
      'o.fulfilment',
      'o.buyer_name',
      'o.phone',
      'o.shop_id',
      's.name as shop_name',
      'o.total',
      'o.created_at',
      'o.expires_at',
      eb
        .selectFrom('order_items as i')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('i.order_id', '=', 'o.id')
        .as('item_count'),
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/**
 * Changes how an order is paid, only if nobody changed the order since `version` was read: the payment's outcome
 * and a cancel racing each other cannot both win.
 */
export async function movePayment(
  db: Executor,
  {
    id,
    version,
    now,
    set,
  }: {
    id: number;
    version: number;
    now: string;
    set: Pick<Updateable<OrdersTable>, 'payment' | 'payment_status' | 'phone_proved' | 'expires_at'>;
  },
) {
  const result = await db
    .updateTable('orders')
    .set({ ...set, version: version + 1, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A step in the order's history that leaves its status as it is (a payment started, paid, refunded, lapsed). */
export async function noteEvent(
  db: Executor,
  order: { id: number; status: string },
  { action, reason, by, at }: { action: string; reason: string | null; by: 'buyer' | 'system'; at: string },
) {
  await addEvent(db, {
    order_id: order.id,
    action,
    from_status: order.status,
    to_status: order.status,
    reason,
    by,
    actor_id: null,
    created_at: at,
  });
}

/** The shop an order is collected from, for keeping Shop staff to theirs (docs/decisions/0061). */
export async function orderShop(db: Executor, id: number) {
  return (await db.selectFrom('orders').select('shop_id').where('id', '=', id).executeTakeFirst())?.shop_id;
}

/** An order by its number, with what resending its link needs. */
export function orderByNumber(db: Executor, number: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'number', 'phone', 'language'])
    .where('number', '=', number)
    .executeTakeFirst();
}
