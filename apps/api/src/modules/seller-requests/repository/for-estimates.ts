import type { ConditionGrade } from '@marketplace/shared';
import type { Executor } from '../../../db/database.js';
import { categoryIds, type CategoryRef } from '../../categories/index.js';

// What price estimates (modules/estimates) read of the requests: the offers sellers accepted.

/** Where comparable prices come from: the grade, since when, and the category when one is known. */
export interface PriceScope {
  grade: ConditionGrade;
  since: string;
  /** The category's name key (lower-cased name), or its id; absent: any category. */
  category?: CategoryRef;
  /** A seller request whose own offer must not count in its own estimate. */
  exceptRequest?: number;
}

export interface NamedPrice {
  name: string;
  amount: number;
}

/** What a request's estimates compare it by: its name, grade and the seller's category. */
export function requestToEstimate(db: Executor, id: number) {
  return db
    .selectFrom('seller_requests')
    .select(['item_name', 'condition', 'category_id'])
    .where('id', '=', id)
    .executeTakeFirst();
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
