import { OPEN_ORDER_STATUSES } from '@marketplace/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';

/** A valid checkout for collection; tests override fields. */
export const buyer = {
  buyer_name: 'Chikondi Banda',
  phone: '0999 123 456',
  email: 'chikondi@example.mw',
  fulfilment: 'collect',
};

let address = 0;
/** A different client address per call, so the per-IP order limit stays out of the way. */
export function nextIp() {
  address++;
  return `10.9.${Math.floor(address / 250) % 250}.${address % 250}`;
}

let phones = 0;
/** A different buyer phone per call (0990000001, ...), so the per-phone cap stays out of the way. */
export function nextPhone() {
  phones++;
  return `099${String(phones).padStart(7, '0')}`;
}

/** Places an order from a fresh address and, unless `over` names one, a fresh phone. */
export function placeOrder(
  app: FastifyInstance,
  items: unknown[],
  over: Record<string, unknown> = {},
  remoteAddress = nextIp(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    payload: { ...buyer, phone: nextPhone(), items, ...over },
    remoteAddress,
  });
}

export function items(...ids: number[]) {
  return ids.map((product_id) => ({ product_id }));
}

export async function countRows(
  db: Db,
  table: 'orders' | 'order_items' | 'product_holds' | 'order_events' | 'audit_log',
) {
  return Number(
    (
      await db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** Rows of orders, lines, holds and events: what "nothing half-written" compares. */
export async function orderTables(db: Db) {
  return {
    orders: await countRows(db, 'orders'),
    order_items: await countRows(db, 'order_items'),
    product_holds: await countRows(db, 'product_holds'),
    order_events: await countRows(db, 'order_events'),
  };
}

/** Open orders per held product, read straight from the database. */
export async function openOrdersPerProduct(db: Db) {
  const rows = await db.kysely
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.product_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('o.status', 'in', [...OPEN_ORDER_STATUSES])
    .groupBy('i.product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id, Number(r.n)]));
}

/** The order's collection code, as the buyer would say it at the counter (decision 0059). */
export async function collectionCodeOf(db: Db, id: number): Promise<string> {
  const row = await db.kysely.selectFrom('orders').select('collection_code').where('id', '=', id).executeTakeFirst();
  if (!row?.collection_code) throw new Error(`order ${id} has no collection code`);
  return row.collection_code;
}

/**
 * A staff step on an order through the API; a completion carries the buyer's code unless the payload gives one
 * (or `collection_code: undefined` is given on purpose, to leave it out).
 */
export async function staffStep(
  app: FastifyInstance,
  db: Db,
  headers: Record<string, string>,
  { id, step, payload }: { id: number; step: string; payload?: object | undefined },
) {
  const body =
    step === 'complete' && !(payload && 'collection_code' in payload)
      ? { collection_code: await collectionCodeOf(db, id), ...payload }
      : payload;
  return app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/${step}`,
    headers,
    ...(body ? { payload: body } : {}),
  });
}
