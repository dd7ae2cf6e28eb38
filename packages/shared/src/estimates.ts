import { z } from 'zod';
import { conditionSchema } from './condition.js';

// Price ranges from our own data (docs/decisions/0055): accepted offers for what sellers are paid, completed
// orders for what buyers pay. Never fewer than ESTIMATE_MIN_COUNT, always widened to ESTIMATE_STEP.

/** Fewer comparable prices than this give no range. */
export const ESTIMATE_MIN_COUNT = 3;
/** Ranges are rounded outwards to this step (MWK), so no single price can be read back from them. */
export const ESTIMATE_STEP = 5_000;
/** How far back comparable prices count. */
export const ESTIMATE_DAYS = 180;

/** GET /v1/estimates: the item as the sell form has it so far. */
export const estimateQuerySchema = z.object({
  q: z.string().trim().min(2, 'q must be at least 2 characters').max(100, 'q must be at most 100 characters'),
  condition: conditionSchema,
  category: z.string().trim().min(1).max(100, 'category must be at most 100 characters').optional(),
});

/** A range, or `{ count: 0 }` when fewer than ESTIMATE_MIN_COUNT comparable prices exist. */
export const estimateSchema = z.object({
  count: z.number().int().nonnegative(),
  low: z.number().int().nonnegative().optional(),
  high: z.number().int().nonnegative().optional(),
  basis: z.string().optional(),
});
export type Estimate = z.infer<typeof estimateSchema>;

/** GET /admin/seller-requests/{id}/estimates: the category chosen in Add to Inventory, when there is one. */
export const staffEstimateQuerySchema = z.object({ category_id: z.coerce.number().int().positive().optional() });

/** What sellers were paid for comparable items, and what buyers paid for them. */
export const staffEstimatesSchema = z.object({ offer: estimateSchema, sale: estimateSchema });
export type StaffEstimates = z.infer<typeof staffEstimatesSchema>;
