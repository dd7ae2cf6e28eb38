import { z } from 'zod';
import { shopIdFilter } from './pagination.js';

// The after-sale figures (issue 38 part 4, docs/decisions/0099): returns and warranty claims per shop, refunded
// amounts, and the share of sold items that came back.

/** The window a return rate looks back over. */
export const RETURN_RATE_DAYS = 90;
/** How many weeks of refunds the Money screen shows. */
export const REFUND_WEEKS = 8;

/** Sold items (lines of orders completed in the window) and how many of them came back (a request not declined). */
export const cameBackSchema = z.object({ came_back: z.number().int(), sold: z.number().int() });
export type CameBack = z.infer<typeof cameBackSchema>;

/** The dashboard's after-sale part: this week's requests per shop and refunds, and the categories most returned. */
export const dashboardAfterSaleSchema = z.object({
  /** Shops with a request this week (asked in the last 7 days), busiest first. */
  by_shop: z.array(
    z.object({
      shop_id: z.number().int().nullable(),
      shop_name: z.string().nullable(),
      returns: z.number().int(),
      warranty_claims: z.number().int(),
    }),
  ),
  /** MWK refunded for returns this week (refunds decided in the last 7 days). */
  refunded_this_week: z.number().int(),
  /** The categories whose sold items came back most, over RETURN_RATE_DAYS: at most 5, highest rate first. */
  rate_by_category: z.array(cameBackSchema.extend({ category_id: z.number().int(), category_name: z.string() })),
});
export type DashboardAfterSale = z.infer<typeof dashboardAfterSaleSchema>;

/** GET /admin/money/refunds?shop_id= (one shop's; Shop staff always their own). */
export const refundWeeksQuerySchema = z.object({ shop_id: shopIdFilter });
/** MWK refunded for returns per week, the last REFUND_WEEKS, oldest first. */
export const refundWeeksSchema = z.object({
  weeks: z.array(z.object({ from: z.string(), refunds: z.number().int(), refunded: z.number().int() })),
});
export type RefundWeeks = z.infer<typeof refundWeeksSchema>;
