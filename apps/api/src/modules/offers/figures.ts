import type { OfferFigures } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { agreedPrices, mostOfferedItems, offersByStatus } from './repository/figures.js';

// The dashboard's offer figures (issue 40 part 5, decision 0103; definitions in docs/product.md).

/** Days the figures look back over. */
const OFFER_FIGURES_DAYS = 90;
const TOP_ITEMS = 10;

/**
 * Offers made in the last 90 days: how many; the acceptance rate, accepted (or ordered) of those the shop answered
 * (accepted, ordered, declined; not the ones declined because the item sold, nor those still waiting, withdrawn or
 * lapsed); the items offered on most; and per category the mean discount of agreed prices from the listed price.
 */
export async function offerFigures(db: Executor, { shopId, now }: { shopId?: number | undefined; now: Date }) {
  const since = new Date(now.getTime() - OFFER_FIGURES_DAYS * 86_400_000).toISOString();
  const scope = { since, shopId };
  const [statuses, items, agreed] = await Promise.all([
    offersByStatus(db, scope),
    mostOfferedItems(db, scope, TOP_ITEMS),
    agreedPrices(db, scope),
  ]);
  const count = (match: (s: (typeof statuses)[number]) => boolean) =>
    statuses.filter(match).reduce((sum, s) => sum + Number(s.n), 0);
  const accepted = count((s) => s.status === 'accepted' || s.status === 'ordered');
  const answered = accepted + count((s) => s.status === 'declined' && s.decline_reason !== 'sold');
  const byCategory = new Map<string, number[]>();
  for (const a of agreed) {
    const name = a.category ?? 'Uncategorised';
    const list = Number(a.list_price);
    byCategory.set(name, [...(byCategory.get(name) ?? []), (list - Number(a.agreed_amount)) / list]);
  }
  const figures: OfferFigures = {
    since,
    offers: count(() => true),
    answered,
    accepted,
    acceptance_rate: answered === 0 ? null : accepted / answered,
    items: items.map((i) => ({ product_id: i.product_id, name: i.name, offers: Number(i.n) })),
    categories: [...byCategory]
      .map(([category, discounts]) => ({
        category,
        agreed: discounts.length,
        average_discount: discounts.reduce((sum, d) => sum + d, 0) / discounts.length,
      }))
      .sort((a, b) => a.category.localeCompare(b.category)),
  };
  return figures;
}
