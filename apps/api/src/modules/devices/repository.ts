import type { CeirResult } from '@marketplace/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { ceirChecksOf } from '../products/index.js';

/** The item a device record belongs to. */
export type DeviceOwner = { kind: 'product' | 'seller_request'; id: number };

const CLOSED_REQUEST = ['Offer Fulfilled', 'Offer Rejected', 'Rejected'];
const column = (owner: DeviceOwner) => (owner.kind === 'product' ? 'product_id' : 'seller_request_id');

export async function imeisOf(db: Executor, owner: DeviceOwner): Promise<string[]> {
  const rows = await db
    .selectFrom('device_imeis')
    .select('imei')
    .where(column(owner), '=', owner.id)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.imei);
}

export async function replaceImeis(db: Executor, owner: DeviceOwner, imeis: string[]) {
  await db.deleteFrom('device_imeis').where(column(owner), '=', owner.id).execute();
  if (imeis.length === 0) return;
  await db
    .insertInto('device_imeis')
    .values(imeis.map((imei, position) => ({ imei, position, [column(owner)]: owner.id })))
    .execute();
}

interface CeirChange {
  ceir: CeirResult;
  ceir_checked_by: number | null;
  ceir_checked_at: string | null;
}

/**
 * The item's own row, read and written by the module that owns its table: products' (PRODUCT_ROW, service.ts) or
 * seller-requests' (passed in: seller-requests imports devices).
 */
export interface ItemRow {
  /** The CEIR result with the name of the staff member who recorded it. */
  ceirOf(
    db: Executor,
    id: number,
  ): Promise<{ ceir: CeirResult; ceir_checked_at: string | null; checked_by_name: string | null } | undefined>;
  /**
   * The device record was saved, a new CEIR result when `change` is given (a request's version always moves, so an
   * add to inventory that read the old record meanwhile is refused rather than copying it).
   */
  markSaved(db: Executor, id: number, change: CeirChange | null, at: string): Promise<void>;
}

/** Items other than `owner` that hold one of the IMEIs now: a product not sold, or a request still open. */
export function holdersOf(db: Executor, imeis: string[], owner: DeviceOwner) {
  return db
    .selectFrom('device_imeis as d')
    .leftJoin('products as p', 'p.id', 'd.product_id')
    .leftJoin('seller_requests as r', 'r.id', 'd.seller_request_id')
    .select(['d.imei', 'p.id as product_id', 'p.name as product_name', 'r.reference', 'r.item_name'])
    .where('d.imei', 'in', imeis)
    .where((eb) =>
      eb.or([
        eb.and([eb('p.sold', '=', 0), eb('p.id', '!=', owner.kind === 'product' ? owner.id : -1)]),
        eb.and([
          eb('r.status', 'not in', CLOSED_REQUEST),
          eb('r.id', '!=', owner.kind === 'seller_request' ? owner.id : -1),
        ]),
      ]),
    )
    .orderBy('d.id')
    .execute();
}

/** Sold products that had one of the IMEIs, with when: the order's completion, else the product's last update. */
export function soldWith(db: Executor, imeis: string[]) {
  return db
    .selectFrom('device_imeis as d')
    .innerJoin('products as p', 'p.id', 'd.product_id')
    .leftJoin('order_items as oi', 'oi.product_id', 'p.id')
    .leftJoin('orders as o', (join) => join.onRef('o.id', '=', 'oi.order_id').on('o.completed_at', 'is not', null))
    .select([
      'd.imei',
      sql<string>`coalesce(max(${sql.ref('o.completed_at')}), ${sql.ref('p.updated_at')})`.as('sold_at'),
    ])
    .where('d.imei', 'in', imeis)
    .where('p.sold', '=', 1)
    .groupBy(['d.imei', 'p.id', 'p.updated_at'])
    .orderBy('sold_at', 'desc')
    .execute();
}

/** The device records of a page of products: two queries, whatever the page's size. */
export async function productDevices(db: Executor, ids: number[]) {
  if (ids.length === 0) return { imeis: [], checks: [] };
  const [imeis, checks] = await Promise.all([
    db
      .selectFrom('device_imeis')
      .select(['product_id', 'imei'])
      .where('product_id', 'in', ids)
      .orderBy('position')
      .execute(),
    ceirChecksOf(db, ids),
  ]);
  return { imeis, checks };
}
