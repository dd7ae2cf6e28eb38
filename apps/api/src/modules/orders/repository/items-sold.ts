import type { Executor } from '../../../db/database.js';
import { requestIdsOfSeller, type SellerOf } from '../../seller-requests/index.js';

// Items sold (lines of completed orders): what a return rate divides by (modules/returns figures, issue 38). The
// window is the order's completion, the same cohort the returns' counts take their items from.

/** Items sold per category since `since` (an ISO time); `shopId`: one shop's. Categories with none are absent. */
export async function itemsSoldByCategory(db: Executor, since: string, shopId?: number) {
  let query = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['c.id as category_id', 'c.name as category_name', (eb) => eb.fn.countAll<number>().as('n')])
    .where('o.status', '=', 'Completed')
    .where('o.completed_at', '>=', since);
  if (shopId !== undefined) query = query.where('o.shop_id', '=', shopId);
  const rows = await query.groupBy(['c.id', 'c.name']).execute();
  return rows.map((r) => ({ category_id: r.category_id, category_name: r.category_name, sold: Number(r.n) }));
}

/** Items of this seller (any of their seller requests) sold since `since`. */
export async function itemsSoldOfSeller(db: Executor, since: string, seller: SellerOf): Promise<number> {
  const row = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('o.status', '=', 'Completed')
    .where('o.completed_at', '>=', since)
    .where('p.seller_request_id', 'in', requestIdsOfSeller(db, seller))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
