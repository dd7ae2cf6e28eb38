import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { requestIdsOfSeller, type SellerOf } from '../../seller-requests/index.js';

// The after-sale figures (issue 38 part 4): returns and warranty claims per shop, refunded amounts, and how many
// sold items came back. `shopId`: one shop's (Shop staff, docs/decisions/0061); undefined: every shop's.

/** Returns and warranty claims asked since `since`, per shop (the shop that sold the item). */
export async function requestsPerShopSince(db: Executor, since: string, shopId?: number) {
  let query = db
    .selectFrom('returns as r')
    .leftJoin('shops as s', 's.id', 'r.shop_id')
    .select([
      'r.shop_id',
      's.name as shop_name',
      (eb) => eb.fn.sum<number>(eb.case().when('r.kind', '=', 'return').then(1).else(0).end()).as('returns'),
      (eb) => eb.fn.sum<number>(eb.case().when('r.kind', '=', 'warranty').then(1).else(0).end()).as('warranty'),
    ])
    .where('r.created_at', '>=', since);
  if (shopId !== undefined) query = query.where('r.shop_id', '=', shopId);
  const rows = await query.groupBy(['r.shop_id', 's.name']).execute();
  return rows.map((r) => ({
    shop_id: r.shop_id,
    shop_name: r.shop_name ?? null,
    returns: Number(r.returns),
    warranty_claims: Number(r.warranty),
  }));
}

/** Refunds of returns decided since `since`: when, how much, and by which shop. */
export async function refundsSince(db: Executor, since: string, shopId?: number) {
  let query = db
    .selectFrom('returns')
    .select(['shop_id', 'decided_at', 'refund_amount'])
    .where('status', '=', 'refunded')
    .where('decided_at', '>=', since);
  if (shopId !== undefined) query = query.where('shop_id', '=', shopId);
  const rows = await query.execute();
  return rows.map((r) => ({ shop_id: r.shop_id, decided_at: r.decided_at!, amount: r.refund_amount ?? 0 }));
}

// An item "came back" when a request for it was not declined (a declined claim is no fault of the item), counted
// once however many requests it had, among the items of orders completed since `since` (the same cohort as the
// items sold it is divided by).
function cameBack(db: Executor, since: string) {
  return db
    .selectFrom('returns as r')
    .innerJoin('order_items as i', 'i.id', 'r.order_item_id')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .where('r.status', '<>', 'declined')
    .where('o.status', '=', 'Completed')
    .where('o.completed_at', '>=', since);
}
const items = sql<number>`count(distinct r.order_item_id)`;

/** Sold items that came back, per category (category id to count). */
export async function cameBackByCategory(db: Executor, since: string, shopId?: number): Promise<Map<number, number>> {
  let query = cameBack(db, since)
    .select(['p.category_id', items.as('n')])
    .where('p.category_id', 'is not', null);
  if (shopId !== undefined) query = query.where('o.shop_id', '=', shopId);
  const rows = await query.groupBy('p.category_id').execute();
  return new Map(rows.map((r) => [r.category_id!, Number(r.n)]));
}

/** Sold items of this seller (any of their seller requests) that came back. */
export async function cameBackOfSeller(db: Executor, since: string, seller: SellerOf): Promise<number> {
  const row = await cameBack(db, since)
    .select(items.as('n'))
    .where('p.seller_request_id', 'in', requestIdsOfSeller(db, seller))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
