import type { ConditionGrade } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';

/** Where comparable prices come from: the grade, since when, and the category when one is known. */
export interface PriceScope {
  grade: ConditionGrade;
  since: string;
  /** The category's name key (lower-cased name), or its id; absent: any category. */
  category?: { key: string } | { id: number };
  /** A seller request whose own offer must not count in its own estimate. */
  exceptRequest?: number;
}

export interface NamedPrice {
  name: string;
  amount: number;
}

/** The scope's category as a subquery of its id: by id, or by name through the categories' name keys. */
function categoryIds(db: Executor, category: NonNullable<PriceScope['category']>) {
  const categories = db.selectFrom('categories').select('id');
  return 'id' in category ? categories.where('id', '=', category.id) : categories.where('name_key', '=', category.key);
}

/** The seller's yes, through the status link or recorded by staff (the events the flow writes, with the offer answered). */
const ACCEPTANCES = ['sellerAccept', 'recordAcceptance'];

/**
 * Offers sellers accepted since `since`, for requests of this grade, the latest per request. A category counts
 * when the seller chose it on /sell or staff gave it to the product made from the request (Add to Inventory).
 */
export async function acceptedOffers(db: Executor, scope: PriceScope): Promise<NamedPrice[]> {
  let query = db
    .selectFrom('seller_request_events as e')
    .innerJoin('seller_request_offers as o', 'o.id', 'e.offer_id')
    .innerJoin('seller_requests as r', 'r.id', 'e.seller_request_id')
    .select(['r.id', 'r.item_name as name', 'o.amount', 'e.id as event_id'])
    .where('e.action', 'in', ACCEPTANCES)
    .where('e.created_at', '>=', scope.since)
    .where('r.condition', '=', scope.grade);
  if (scope.exceptRequest !== undefined) query = query.where('r.id', '!=', scope.exceptRequest);
  const category = scope.category;
  if (category) {
    // The category the seller chose, or the one staff gave the product made from the request.
    const ids = () => categoryIds(db, category);
    query = query.where((eb) =>
      eb.or([
        eb('r.category_id', 'in', ids()),
        eb.exists(
          eb
            .selectFrom('products as p')
            .select('p.id')
            .whereRef('p.seller_request_id', '=', 'r.id')
            .where('p.category_id', 'in', ids()),
        ),
      ]),
    );
  }
  const latest = new Map<number, { event: number; price: NamedPrice }>();
  for (const row of await query.execute()) {
    const seen = latest.get(row.id);
    if (!seen || seen.event < row.event_id)
      latest.set(row.id, { event: row.event_id, price: { name: row.name, amount: Number(row.amount) } });
  }
  return [...latest.values()].map((l) => l.price);
}

/** Line prices (and names as sold) of orders completed since `since`, for products of this grade (and category). */
export async function completedSales(db: Executor, scope: PriceScope): Promise<NamedPrice[]> {
  let query = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.name', 'i.price as amount'])
    .where('o.status', '=', 'Completed')
    .where('o.completed_at', '>=', scope.since)
    .where('p.condition', '=', scope.grade);
  if (scope.category) query = query.where('p.category_id', 'in', categoryIds(db, scope.category));
  const rows = await query.execute();
  return rows.map((r) => ({ name: r.name, amount: Number(r.amount) }));
}
