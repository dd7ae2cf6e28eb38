import { z } from 'zod';
import { catalogueFilterSchema, priceRangeInOrder } from './pagination.js';
import { malawiPhoneField } from './phone-field.js';
import { phoneCodeField } from './phone-proof-schemas.js';

// Buyers' alerts (docs/product.md#alerts, docs/decisions/0070).

/** Active alerts one phone may have at once. */
export const MAX_ALERTS_PER_PHONE = 20;
/** An alert stops by itself this many days after it was set. */
export const ALERT_DAYS = 90;

const ALERT_ITEM_NEEDED = /*i18n*/ 'Choose the item to be told about.';
const ALERT_QUERY_NEEDED = /*i18n*/ 'Search for something first, then ask to be told.';
const ALERT_PHONE_NEEDED = /*i18n*/ 'Phone number is required';

/** A search alert's list filters: those GET /v1/products takes, without the order (which a new match ignores). */
export const alertFiltersSchema = catalogueFilterSchema.omit({ sort: true });
export type AlertFilters = z.infer<typeof alertFiltersSchema>;

/**
 * POST /v1/alerts. The phone is proved the checkout's way: its phone token, or the SMS code just sent to it
 * (then the answer carries a new token). `phone` may be left out when a token is given: the token names it.
 */
export const alertRequestSchema = z
  .object({
    phone: malawiPhoneField().optional(),
    phone_code: phoneCodeField.optional(),
    phone_token: z.string().trim().min(1).max(200).optional(),
    kind: z.enum(['item', 'search'], { message: 'kind must be item or search' }),
    product_id: z.number().int().min(1).max(2_147_483_647).optional(),
    query: z.string().trim().max(100, 'query must be at most 100 characters').optional(),
    ...alertFiltersSchema.shape,
  })
  .superRefine((body, ctx) => {
    priceRangeInOrder(body, ctx);
    if (body.kind === 'item' && body.product_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['product_id'], message: ALERT_ITEM_NEEDED });
    if (body.kind === 'search' && !body.query)
      ctx.addIssue({ code: 'custom', path: ['query'], message: ALERT_QUERY_NEEDED });
    if (!body.phone && !body.phone_token)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: ALERT_PHONE_NEEDED });
  });
export type AlertRequest = z.input<typeof alertRequestSchema>;

export const alertSetSchema = z.object({
  kind: z.enum(['item', 'search']),
  /** The proved phone (+265...), which alone gets the SMS. */
  phone: z.string(),
  expires_at: z.string(),
  /** The phone's proof, when a code proved it just now: the browser keeps it like the checkout's. */
  phone_token: z.string().optional(),
});
export type AlertSet = z.infer<typeof alertSetSchema>;

export const alertStopParamsSchema = z.object({
  token: z.string().regex(/^[\w-]{1,100}$/, 'token is not valid'),
});
