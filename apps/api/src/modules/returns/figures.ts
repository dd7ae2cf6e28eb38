import { RETURN_RATE_DAYS, type CameBack, type DashboardAfterSale } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { itemsSoldByCategory, itemsSoldOfSeller } from '../orders/index.js';
import type { SellerOf } from '../seller-requests/index.js';
import { cameBackByCategory, cameBackOfSeller, refundsSince, requestsPerShopSince } from './repository/figures.js';

// The after-sale figures the dashboard, the Money screen and a seller request's staff view show (issue 38 part 4).

const DAY_MS = 86_400_000;
const TOP_CATEGORIES = 5;

/** The start of the return rates' window: RETURN_RATE_DAYS before `now`. */
const rateSince = (now: Date) => new Date(now.getTime() - RETURN_RATE_DAYS * DAY_MS).toISOString();

/** This week's (since `from`) requests per shop and refunds, and the categories whose items came back most. */
export async function afterSaleFigures(
  db: Executor,
  { from, now, shopId }: { from: string; now: Date; shopId?: number | undefined },
): Promise<DashboardAfterSale> {
  const since = rateSince(now);
  const [perShop, refunds, sold, back] = await Promise.all([
    requestsPerShopSince(db, from, shopId),
    refundsSince(db, from, shopId),
    itemsSoldByCategory(db, since, shopId),
    cameBackByCategory(db, since, shopId),
  ]);
  const rates = sold.map((c) => ({ ...c, came_back: back.get(c.category_id) ?? 0 }));
  const rate = (c: CameBack) => c.came_back / c.sold;
  return {
    by_shop: perShop.sort(
      (a, b) =>
        b.returns + b.warranty_claims - (a.returns + a.warranty_claims) ||
        (a.shop_name ?? '').localeCompare(b.shop_name ?? ''),
    ),
    refunded_this_week: refunds.reduce((sum, r) => sum + r.amount, 0),
    rate_by_category: rates
      .sort((a, b) => rate(b) - rate(a) || b.sold - a.sold || a.category_name.localeCompare(b.category_name))
      .slice(0, TOP_CATEGORIES),
  };
}

/** How many of this seller's items sold over RETURN_RATE_DAYS came back. */
export async function sellerCameBack(db: Executor, seller: SellerOf, now: Date): Promise<CameBack> {
  const since = rateSince(now);
  const [came_back, sold] = await Promise.all([
    cameBackOfSeller(db, since, seller),
    itemsSoldOfSeller(db, since, seller),
  ]);
  return { came_back, sold };
}

/** MWK refunded for returns per week of 7 UTC days, the `weeks` ending today, oldest first. */
export async function refundsPerWeek(
  db: Executor,
  { now, weeks, shopId }: { now: Date; weeks: number; shopId?: number | undefined },
) {
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  const starts = Array.from({ length: weeks }, (_, i) =>
    new Date(today - ((weeks - 1 - i) * 7 + 6) * DAY_MS).toISOString(),
  );
  const refunds = await refundsSince(db, starts[0]!, shopId);
  return starts.map((from, i) => {
    const to = starts[i + 1];
    const inWeek = refunds.filter((r) => r.decided_at >= from && (to === undefined || r.decided_at < to));
    return {
      from: from.slice(0, 10),
      refunds: inWeek.length,
      refunded: inWeek.reduce((sum, r) => sum + r.amount, 0),
    };
  });
}
