import type { Estimate, StaffEstimates } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { completedSales } from '../orders/index.js';
import {
  REQUEST_NOT_FOUND,
  acceptedOffers,
  requestToEstimate,
  type NamedPrice,
  type PriceScope,
} from '../seller-requests/index.js';
import { comparableNames } from './match.js';
import { rangeOf, estimateSince } from './range.js';

function rangeOfComparable(prices: NamedPrice[], typed: string, basis: string): Estimate {
  const comparable = comparableNames(typed);
  return rangeOf(
    prices.filter((p) => comparable(p.name)).map((p) => p.amount),
    basis,
  );
}

/** What sellers were paid for items like the one typed on /sell (docs/decisions/0055). */
export async function offerEstimate(
  db: Executor,
  item: { q: string; condition: PriceScope['grade']; category?: string },
  now: Date,
): Promise<Estimate> {
  const scope: PriceScope = { grade: item.condition, since: estimateSince(now) };
  if (item.category) scope.category = { key: item.category.toLowerCase() };
  return rangeOfComparable(await acceptedOffers(db, scope), item.q, 'offers sellers accepted');
}

/**
 * Both estimates for staff on one request: its grade and name, and its category: the one chosen in Add to
 * Inventory when given, else the seller's.
 */
export async function requestEstimates(
  db: Executor,
  id: number,
  categoryId: number | undefined,
  now: Date,
): Promise<StaffEstimates> {
  const request = await requestToEstimate(db, id);
  if (!request) throw new HttpError(404, REQUEST_NOT_FOUND);
  // Ungraded requests compare with nothing: a grade is half of what makes an item comparable.
  if (!request.condition) return { offer: { count: 0 }, sale: { count: 0 } };
  const scope: PriceScope = { grade: request.condition, since: estimateSince(now), exceptRequest: id };
  const category = categoryId ?? request.category_id;
  if (category !== null) scope.category = { id: category };
  const [offers, sales] = await Promise.all([acceptedOffers(db, scope), completedSales(db, scope)]);
  return {
    offer: rangeOfComparable(offers, request.item_name, 'offers sellers accepted'),
    sale: rangeOfComparable(sales, request.item_name, 'sales of completed orders'),
  };
}
