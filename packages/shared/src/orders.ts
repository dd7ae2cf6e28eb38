import { orderAfterSaleSchema } from './returns.js';
import { OFFER_TOKEN_NOT_AGREED, offerTokenPattern } from './offers.js';
import { z } from 'zod';
import { amountField, optionalMoneyAmountField } from './amount.js';
import { personNameField } from './fields.js';
import { FULFILMENTS, ORDER_STATUSES, PAYMENT_METHODS } from './order-flow.js';
import { MALAWI_TOWNS } from './malawi-towns.js';
import { limitSchema, listOf, offsetSchema, shopIdFilter } from './pagination.js';
import { COLLECTION_CODE_REQUIRED, EMPTY_BASKET, MAX_ORDER_ITEMS, orderTokenPattern } from './order-constants.js';
import { malawiPhoneField } from './phone-field.js';
import { phoneCodeField } from './phone-proof-schemas.js';
import { moneyTransferSchema, orderPaymentSchema, paymentChoiceField } from './payments.js';

const optionalEmail = z
  .string()
  .trim()
  .max(254, /*i18n*/ 'Invalid email')
  .optional()
  .nullable()
  .transform((v) => (v ? v.toLowerCase() : null))
  .refine((v) => v === null || z.email().safeParse(v).success, /*i18n*/ 'Invalid email');

/** `message`: the limit's text, written out where the buyer can meet it so that it can be translated. */
const optionalText = (max: number, message = `Must be at most ${max} characters`) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => v || null);

/** The buyer's details, as the checkout form holds them and the API receives them. */
const buyerDetails = z.object({
  buyer_name: personNameField(/*i18n*/ 'Your name is required'),
  phone: malawiPhoneField(),
  email: optionalEmail,
  fulfilment: z
    .enum(FULFILMENTS, { message: /*i18n*/ 'Choose collect at the shop, delivery or coach' })
    .default('collect'),
  address: optionalText(300, /*i18n*/ 'Must be at most 300 characters'),
  area: optionalText(120, /*i18n*/ 'Must be at most 120 characters'),
  /** Coach parcels (decision 0072): the town it goes to, from the list, and the buyer's coach company or depot. */
  coach_town: z.preprocess(
    (v) => (v === '' ? null : v),
    z.enum(MALAWI_TOWNS, { message: /*i18n*/ 'Choose a town from the list' }).nullish(),
  ),
  coach_depot: optionalText(120, /*i18n*/ 'Must be at most 120 characters'),
});

function deliveryNeedsAddress(
  value: { fulfilment: string; address: string | null; area: string | null; coach_town?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.fulfilment === 'coach' && !value.coach_town)
    ctx.addIssue({ code: 'custom', path: ['coach_town'], message: COACH_TOWN_REQUIRED });
  if (value.fulfilment !== 'delivery') return;
  if (!value.address)
    ctx.addIssue({ code: 'custom', path: ['address'], message: /*i18n*/ 'Delivery address is required' });
  if (!value.area) ctx.addIssue({ code: 'custom', path: ['area'], message: /*i18n*/ 'Area is required' });
}

export const COACH_TOWN_REQUIRED = /*i18n*/ 'Choose the town to send it to';
/** 400 on coach_town when an order's shop is in that town: the buyer can collect there. */
export const COACH_TOWN_HAS_SHOP = /*i18n*/ 'Our shop is in this town: choose Collect at the shop or Delivery';

/** The checkout form (the basket supplies the items). */
export const checkoutFormSchema = buyerDetails.superRefine(deliveryNeedsAddress);
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutForm = z.output<typeof checkoutFormSchema>;

const productRef = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ message: 'product_id must be a number' })
    .int('product_id must be a whole number')
    .positive('product_id must be positive')
    .max(2_147_483_647, 'product_id is too large'),
);

/** POST /v1/orders. `price` is what the buyer saw: the order uses the server's price, a difference is a 409. */
export const orderRequestSchema = buyerDetails
  .extend({
    /** A random key the browser makes once per checkout: sending the same request again returns the same orders. */
    request_id: z.string().regex(orderTokenPattern, 'request_id must be 32 letters, digits, - or _').optional(),
    /** The code the phone received by SMS (POST /v1/phone-codes), when phones are proved. */
    phone_code: phoneCodeField.optional(),
    /** A proof of this phone from an earlier order (30 days): no code needed. */
    phone_token: z.string().max(200, 'phone_token is not valid').optional(),
    /** Pay now by mobile money (no phone code needed: the PIN proves the phone), or at the shop as before. */
    payment: paymentChoiceField.default('on_collection'),
    /** An accepted offer's private token (decision 0103): its item's line is at the agreed price. */
    offer_token: z.string().regex(offerTokenPattern, OFFER_TOKEN_NOT_AGREED).optional(),
    items: z
      .array(z.object({ product_id: productRef, price: amountField('Price').optional() }), { message: EMPTY_BASKET })
      .min(1, EMPTY_BASKET)
      .max(MAX_ORDER_ITEMS, `At most ${MAX_ORDER_ITEMS} items per order`)
      .refine(
        (items) => new Set(items.map((i) => i.product_id)).size === items.length,
        /*i18n*/ 'Each item can be ordered once',
      ),
  })
  .superRefine(deliveryNeedsAddress);
export type OrderRequest = z.input<typeof orderRequestSchema>;

/** 409 body when some items cannot be ordered: which ones, and the new price of those whose price changed. */
export const orderConflictSchema = z.object({
  message: z.string(),
  unavailable: z.array(z.number().int()),
  changed: z.array(z.object({ product_id: z.number().int(), price: z.number().int() })),
});
export type OrderConflict = z.infer<typeof orderConflictSchema>;

export const orderShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  town: z.string(),
  address: z.string(),
  hours: z.string(),
  phone: z.string().nullable(),
});
export type OrderShop = z.infer<typeof orderShopSchema>;

export const orderItemSchema = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  price: z.number().int(),
  image: z.string().nullable(),
});

export const orderEventSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string(),
  reason: z.string().nullable(),
  /** Staff name; null when the buyer or the system acted (see `by`). */
  actor: z.string().nullable(),
  by: z.enum(['buyer', 'staff', 'system']),
  created_at: z.string(),
});

const orderStatus = z.enum(ORDER_STATUSES);

/** A coach parcel: where it goes and, once sent, on which coach (decision 0072). */
export const orderCoachSchema = z.object({
  town: z.string(),
  /** The buyer's coach company or depot; null: the shop chooses. */
  depot: z.string().nullable(),
  /** Added to the order by staff after calling the buyer; null: the buyer pays it at the depot. */
  fare: z.number().int().nullable(),
  company: z.string().nullable(),
  waybill: z.string().nullable(),
});
export type OrderCoach = z.infer<typeof orderCoachSchema>;

/** What the buyer and staff both see of an order. */
const orderViewSchema = z.object({
  number: z.string(),
  status: orderStatus,
  fulfilment: z.enum(FULFILMENTS),
  buyer_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  area: z.string().nullable(),
  shop: orderShopSchema.nullable(),
  items: z.array(orderItemSchema),
  subtotal: z.number().int(),
  /** Flat fee for delivery; null: agreed on the phone (or collection). */
  delivery_fee: z.number().int().nullable(),
  /** Null unless the order goes by coach. */
  coach: orderCoachSchema.nullable(),
  total: z.number().int(),
  expires_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  history: z.array(orderEventSchema),
  payment: orderPaymentSchema,
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** The buyer's own view: with the collection code, which only the buyer is ever shown (decision 0059). */
export const publicOrderSchema = orderViewSchema.extend({
  /** Six digits the buyer says at the counter or to the driver; null only for an order without one. */
  collection_code: z.string().nullable(),
  /** Completed orders only: returns and warranty (docs/decisions/0099). */
  after_sale: orderAfterSaleSchema.optional(),
});
export type PublicOrder = z.infer<typeof publicOrderSchema>;

/** A new order also carries its private token (only the buyer who placed it ever sees it). */
export const placedOrderSchema = publicOrderSchema.extend({ token: z.string() });
export const placeOrderResultSchema = z.object({
  orders: z.array(placedOrderSchema),
  /** When the phone was proved: kept by the browser and sent as `phone_token` next time. */
  phone_token: z.string().optional(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const orderTokenParamSchema = z.object({
  token: z.string().regex(orderTokenPattern, /*i18n*/ 'Order not found'),
});
export const buyerCancelSchema = z
  .object({ reason: optionalText(500, /*i18n*/ 'Must be at most 500 characters') })
  .optional();

/**
 * "Lost your order link?": the order number and the phone it was placed with (decision 0060). Loose on purpose:
 * the answer is the same 202 whatever is sent, so a malformed pair is as unknown as a wrong one.
 */
export const resendOrderLinkSchema = z.object({
  number: z.string().trim().max(20, /*i18n*/ 'Must be at most 20 characters'),
  phone: z.string().trim().max(30, /*i18n*/ 'Must be at most 30 characters'),
});
export type ResendOrderLink = z.infer<typeof resendOrderLinkSchema>;

/** The one answer to a resend, whatever happened. */
export const resendOrderLinkResultSchema = z.object({ message: z.string() });

/** Back-office list row. */
export const adminOrderSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: orderStatus,
  fulfilment: z.enum(FULFILMENTS),
  buyer_name: z.string(),
  phone: z.string(),
  shop: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  item_count: z.number().int(),
  total: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
});
export const adminOrderListSchema = listOf('orders', adminOrderSummarySchema);
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

// Staff never see the collection code: they are told it by the buyer.
export const adminOrderSchema = orderViewSchema.extend({
  id: z.number().int(),
  version: z.number().int(),
  /** Wrong collection codes tried, and whether that many hold it for an Admin (WRONG_CODES_HOLD). */
  wrong_codes: z.number().int(),
  held_for_review: z.boolean(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  payment_reference: z.string().nullable(),
  /** The order's mobile-money charges and refunds, oldest first. */
  transfers: z.array(moneyTransferSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderListQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), orderStatus.optional()),
  shop_id: shopIdFilter,
  limit: limitSchema,
  offset: offsetSchema,
});

/** The version of the order the staff member was looking at: a step taken on a stale screen is a 409. */
const versionField = z
  .number({ message: 'version must be a number' })
  .int('version must be a whole number')
  .positive('version must be positive')
  .optional();
/** Confirm: no fields but the optional version; a POST without a body is fine. */
export const orderStepSchema = z.object({ version: versionField }).nullish();

export const WAYBILL_REQUIRED = 'Waybill number is required';
export const COACH_COMPANY_REQUIRED = 'Coach company is required';
/** Paid online, the total was charged: a fare added now could not be collected with it. */
export const FARE_AFTER_PAYING = 'Paid online: the buyer pays the coach fare at the depot.';

const coachCompanyText = z.string().trim().max(60, 'Coach company must be at most 60 characters');
const waybillText = z
  .string()
  .trim()
  .max(30, 'Waybill number must be at most 30 characters')
  .regex(/^[A-Za-z0-9/ -]*$/, 'Waybill number: letters, digits, spaces, - and / only');
const orNull = (v: string | null | undefined) => v || null;

/** The back-office's "Sent by coach" form: the coach and waybill required (the buyer is told them by SMS). */
export const coachSendFormSchema = z.object({
  coach_company: coachCompanyText.min(1, COACH_COMPANY_REQUIRED),
  waybill: waybillText.min(1, WAYBILL_REQUIRED),
  coach_fare: optionalMoneyAmountField('Fare'),
});

/**
 * Ready (collect, delivery) takes no fields; a coach order is "sent" with its coach, the waybill the buyer is told by
 * SMS, and the fare when staff add it to the order after calling (the server requires the first two for coach orders).
 */
export const readyOrderSchema = z
  .object({
    version: versionField,
    coach_company: coachCompanyText.optional().nullable().transform(orNull),
    waybill: waybillText.optional().nullable().transform(orNull),
    coach_fare: optionalMoneyAmountField('Fare'),
  })
  .nullish();
/** `payment_method` may be left out for an order paid online: the payment already says how. */
export const completeOrderSchema = z.object({
  /** The buyer's code, as they say it (spaces allowed); checked by the server, which keeps the count. */
  collection_code: z
    .string({ message: COLLECTION_CODE_REQUIRED })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, COLLECTION_CODE_REQUIRED)
        .regex(/^\d{6}$/, 'The collection code is 6 digits'),
    ),
  payment_method: z.enum(PAYMENT_METHODS, { message: 'Choose how the buyer paid' }).optional(),
  payment_reference: optionalText(100),
  version: versionField,
});
export const cancelOrderSchema = z.object({
  reason: z
    .string({ message: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason must be at most 500 characters'),
  version: versionField,
});
