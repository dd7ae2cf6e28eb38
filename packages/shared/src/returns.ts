import { z } from 'zod';
import { CONDITION_GRADES } from './condition-grades.js';
import { imeiSchema } from './device.js';
import { listOf, pageQuerySchema } from './pagination.js';
import { phoneCodeField } from './phone-proof-schemas.js';

// Returns and warranty claims on a completed order's item (docs/decisions/0099). One shape per form, route and
// type: the buyer's ask, the staff's steps, and what each side is shown.

// The windows' defaults live in after-sale.ts, free of zod: the public pages state them without loading it.
export { DEFAULT_RETURN_DAYS, DEFAULT_WARRANTY_DAYS, WARRANTY_CATEGORY_KEYS } from './after-sale.js';
export const RETURN_PHOTOS_MAX = 3;
export const RETURN_NOTE_MAX = 500;

export const RETURN_KINDS = ['return', 'warranty'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];
export const RETURN_REASONS = ['not_as_described', 'not_working', 'damaged', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
/** How a delivered or coach order's item comes back: brought to the shop, fetched by the shop's driver, by coach. */
export const RETURN_WAYS_BACK = ['bring', 'driver', 'coach'] as const;
export type ReturnWayBack = (typeof RETURN_WAYS_BACK)[number];
export const RETURN_STATUSES = [
  'requested',
  'received',
  'in_repair',
  'repaired',
  'handed_over',
  'refunded',
  'replaced',
  'declined',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
/** Still being worked: one such request per order item. */
export const OPEN_RETURN_STATUSES = [
  'requested',
  'received',
  'in_repair',
  'repaired',
] as const satisfies readonly ReturnStatus[];
export const REFUND_METHODS = ['original', 'cash'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const RETURN_REASON_REQUIRED = /*i18n*/ 'Choose what is wrong';
export const RETURN_NOTE_TOO_LONG = /*i18n*/ 'Note must be at most 500 characters';
export const RETURN_NOT_COMPLETED = /*i18n*/ 'Returns and warranty claims are for completed orders';
export const RETURN_ALREADY_OPEN = /*i18n*/ 'A return or warranty claim for this item is already open';
export const RETURN_ITEM_NOT_IN_ORDER = /*i18n*/ 'This item is not in the order';
export const RETURN_NOT_FOUND = 'Return not found';

const note = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : null));

/** POST /v1/orders/{token}/returns (JSON, or the same fields as multipart with up to 3 photos). */
export const returnRequestSchema = z.object({
  product_id: z.coerce.number().int().positive('product_id must be positive').max(2_147_483_647),
  kind: z.enum(RETURN_KINDS),
  reason: z.enum(RETURN_REASONS, { message: RETURN_REASON_REQUIRED }),
  note: note(RETURN_NOTE_MAX, RETURN_NOTE_TOO_LONG),
  how_back: z.enum(RETURN_WAYS_BACK).optional(),
  /** The order's phone proved the checkout's way where phones are proved: the SMS code, or a phone token. */
  phone_code: phoneCodeField.optional(),
  phone_token: z.string().trim().min(1).max(200, 'phone_token is not valid').optional(),
});
export type ReturnRequest = z.input<typeof returnRequestSchema>;

/** A request as its buyer sees it on the order page. */
export const buyerReturnSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  product_id: z.number().int().nullable(),
  kind: z.enum(RETURN_KINDS),
  reason: z.enum(RETURN_REASONS),
  status: z.enum(RETURN_STATUSES),
  refund_amount: z.number().int().nullable(),
  refund_method: z.enum(REFUND_METHODS).nullable(),
  decline_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BuyerReturn = z.infer<typeof buyerReturnSchema>;
export const returnCreatedSchema = z.object({ return: buyerReturnSchema });

/**
 * What a completed order's page shows of after-sale (the buyer's GET /v1/orders/{token}): until when each item may
 * be returned and is under warranty (null: never), and every request asked.
 */
export const orderAfterSaleSchema = z.object({
  completed_at: z.string(),
  items: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      return_until: z.string().nullable(),
      warranty_until: z.string().nullable(),
    }),
  ),
  returns: z.array(buyerReturnSchema),
});
export type OrderAfterSale = z.infer<typeof orderAfterSaleSchema>;

/** One step of a request's history (return_events), as staff see it. */
export const returnEventSchema = z.object({
  from_status: z.enum(RETURN_STATUSES).nullable(),
  to_status: z.enum(RETURN_STATUSES),
  by: z.enum(['buyer', 'staff']),
  user_name: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type ReturnEvent = z.infer<typeof returnEventSchema>;

/** A request as staff see it. */
export const adminReturnSchema = buyerReturnSchema.extend({
  order_id: z.number().int(),
  order_number: z.string(),
  order_item_id: z.number().int(),
  item_name: z.string(),
  item_price: z.number().int(),
  shop_id: z.number().int().nullable(),
  buyer_name: z.string(),
  phone: z.string(),
  note: z.string().nullable(),
  how_back: z.enum(RETURN_WAYS_BACK).nullable(),
  photos: z.array(z.string()),
  condition: z.enum(CONDITION_GRADES).nullable(),
  imei: z.string().nullable(),
  imei_matches: z.boolean().nullable(),
  refund_reason: z.string().nullable(),
  repair_sent_at: z.string().nullable(),
  repair_back_at: z.string().nullable(),
  handed_over_at: z.string().nullable(),
  replacement_product_id: z.number().int().nullable(),
  /** When the returned item was written off (it leaves stock for good); null while it is stock. */
  written_off_at: z.string().nullable(),
  received_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  version: z.number().int(),
  /** What staff should look at before going on: the IMEI read at the counter is not the one recorded at intake. */
  warning: z.string().optional(),
  /** The request's history, oldest first: on one request's page, not in the list. */
  events: z.array(returnEventSchema).optional(),
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;
export const adminReturnListSchema = listOf('returns', adminReturnSchema);

/** GET /admin/returns?status=&shop_id= */
export const returnsQuerySchema = pageQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(RETURN_STATUSES).optional()),
  shop_id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
});

/** POST /admin/returns/{id}/receive: the grade found at the counter, and the IMEI read from the item. */
export const receiveReturnSchema = z.object({
  condition: z.enum(CONDITION_GRADES),
  imei: imeiSchema.optional(),
});
/** POST /admin/returns/{id}/refund: the amount (default: what the buyer paid for the item), how it is paid. */
export const refundReturnSchema = z.object({
  amount: z.number().int().positive().optional(),
  method: z.enum(REFUND_METHODS),
  /** Needed when a warranty claim is refunded in part. */
  reason: note(RETURN_NOTE_MAX, RETURN_NOTE_TOO_LONG),
});
/** POST /admin/returns/{id}/replace: another item of the same model and grade from stock, at the same price. */
export const replaceReturnSchema = z.object({ product_id: z.number().int().positive() });
/** POST /admin/returns/{id}/decline: the reason the buyer is told. */
export const declineReturnSchema = z.object({
  reason: z.string().trim().min(1, 'Give the reason the buyer will read').max(RETURN_NOTE_MAX, RETURN_NOTE_TOO_LONG),
});

/** The repair outcome's steps, in order: sent for repair, back from it, handed over to the buyer. */
export const REPAIR_STEPS = ['send', 'back', 'hand_over'] as const;
export type RepairStep = (typeof REPAIR_STEPS)[number];
/** POST /admin/returns/{id}/repair: the next step of a repair. */
export const repairReturnSchema = z.object({
  step: z.enum(REPAIR_STEPS, { message: 'step must be send, back or hand_over' }),
});
/** POST /admin/returns/{id}/write-off: why a refunded or replaced item leaves stock for good. */
export const writeOffReturnSchema = z.object({
  reason: z.string().trim().min(1, 'Give the reason it is written off').max(RETURN_NOTE_MAX, RETURN_NOTE_TOO_LONG),
});
/**
 * What a refund, a replacement or a write-off answers: the return as staff see it, with what the outcome made (the
 * mobile-money refund on its way, null for cash; the new order line; when the item was written off).
 */
export const returnOutcomeSchema = adminReturnSchema.extend({
  refund_transfer_id: z.number().int().nullable(),
  replacement_item_id: z.number().int().nullable(),
  written_off_at: z.string().nullable(),
});
export type ReturnOutcome = z.infer<typeof returnOutcomeSchema>;

/** GET /admin/products/{id}/history: an item's sales and the returns of it, oldest first, and whether it is written off. */
export const productHistorySchema = z.object({
  product_id: z.number().int(),
  written_off_at: z.string().nullable(),
  written_off_reason: z.string().nullable(),
  sales: z.array(
    z.object({
      order_id: z.number().int(),
      order_number: z.string(),
      order_status: z.string(),
      /** What the buyer paid for it: 0 when it replaced a returned item. */
      price: z.number().int(),
      placed_at: z.string(),
      completed_at: z.string().nullable(),
    }),
  ),
  returns: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      kind: z.enum(RETURN_KINDS),
      status: z.enum(RETURN_STATUSES),
      condition: z.enum(CONDITION_GRADES).nullable(),
      refund_amount: z.number().int().nullable(),
      created_at: z.string(),
      decided_at: z.string().nullable(),
    }),
  ),
});
export type ProductHistory = z.infer<typeof productHistorySchema>;

/** Why a written-off item cannot be published (decision 0099): the API's 409 and the product page's note. */
export const WRITTEN_OFF_NOT_FOR_SALE = 'This item was written off: it cannot be put on sale';
