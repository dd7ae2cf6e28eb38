import { z } from 'zod';
import { amountField, moneyAmountField, optionalAmountField } from './amount.js';
import { personNameField } from './fields.js';
import { formatMoney } from './money.js';
import { listOf, pageQuerySchema } from './pagination.js';
import { malawiPhoneField } from './phone-field.js';
import { phoneCodeField } from './phone-proof-schemas.js';

// Buyers' offers on a listed item (docs/decisions/0103). One shape per form, route and type: the buyer's offer,
// what the buyer and staff are shown, and the staff's answers.

export const OFFER_STATUSES = ['open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired', 'ordered'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** Waiting for an answer (the shop's to an offer, the buyer's to a counter): one per item and phone. */
export const LIVE_OFFER_STATUSES = ['open', 'countered'] as const satisfies readonly OfferStatus[];
/** The reasons staff choose from; `below_floor` and `sold` are the system's own. */
export const STAFF_DECLINE_REASONS = ['too_low', 'price_firm', 'not_available'] as const;
export const OFFER_DECLINE_REASONS = [...STAFF_DECLINE_REASONS, 'below_floor', 'sold'] as const;
export type OfferDeclineReason = (typeof OFFER_DECLINE_REASONS)[number];
/** What the buyer reads for each reason (the back-office's list says the same). */
export const OFFER_DECLINE_LABELS: Record<OfferDeclineReason, string> = {
  too_low: /*i18n*/ 'The offer is too low for this item',
  price_firm: /*i18n*/ 'The price of this item is firm',
  not_available: /*i18n*/ 'The item is no longer available',
  below_floor: /*i18n*/ 'The offer is below what the shop can accept for this item',
  sold: /*i18n*/ 'The item was sold',
};

/** An offer below this share of the price is refused (422): a message says how much is needed. */
export const OFFER_MIN_SHARE = 0.5;
export const OFFER_NOTE_MAX = 300;
/** Live offers one phone may have at once, over all items. */
export const OFFERS_PER_PHONE = 5;
/** Hours an accepted offer's price is kept for the buyer. */
export const AGREED_PRICE_HOURS = 24;

export const OFFER_NOT_FOUND = 'Offer not found';
export const OFFER_NOT_ON_SALE =
  /*i18n*/ 'This item cannot take offers now: it is sold, reserved, on its way or not on sale';
export const OFFER_AT_PRICE = /*i18n*/ 'Your offer is the price or more: order the item at its price instead';
export const OFFER_ALREADY_OPEN = /*i18n*/ 'You already have an offer waiting on this item';
export const OFFER_TOO_MANY = /*i18n*/ 'You have 5 offers waiting: wait for an answer or withdraw one first';
export const OFFER_COUNTER_RANGE = 'A counter must be more than the offer and less than the price';
export const OFFER_TOKEN_OTHER_ITEM = /*i18n*/ 'This offer is for another item';
export const OFFER_TOKEN_NOT_AGREED =
  /*i18n*/ 'This offer has no agreed price to order at: it is not accepted, already used or ended';
export const OFFER_TOKEN_ENDED = /*i18n*/ 'The agreed price of this offer has ended (24 hours): make a new offer';

/** The 422 when an offer is under half the price; `minimum` comes with it so a page can word it itself. */
export const offerTooLowText = (minimum: number) => `Offers start at half the price: at least ${formatMoney(minimum)}`;
/** The least an offer may be on a price. */
export const offerMinimum = (price: number) => Math.ceil(price * OFFER_MIN_SHARE);

/** The buyer's private link's secret: 32 url-safe characters. */
export const offerTokenPattern = /^[A-Za-z0-9_-]{32}$/;

/** POST /v1/products/{id}/offers */
export const makeOfferSchema = z.object({
  amount: moneyAmountField(/*i18n*/ 'Offer'),
  buyer_name: personNameField(/*i18n*/ 'Your name is required'),
  phone: malawiPhoneField(),
  /** The phone proved the checkout's way where phones are proved: the SMS code, or a phone token. */
  phone_code: phoneCodeField.optional(),
  phone_token: z.string().trim().min(1).max(200, 'phone_token is not valid').optional(),
  note: z
    .string()
    .trim()
    .max(OFFER_NOTE_MAX, /*i18n*/ 'Note must be at most 300 characters')
    .optional()
    .transform((v) => (v ? v : null)),
});
export type MakeOffer = z.input<typeof makeOfferSchema>;

/** An offer as its buyer sees it through the private link. */
export const buyerOfferSchema = z.object({
  reference: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  /** The listed price when the offer was made. */
  list_price: z.number().int(),
  status: z.enum(OFFER_STATUSES),
  amount: z.number().int(),
  counter_amount: z.number().int().nullable(),
  agreed_amount: z.number().int().nullable(),
  decline_reason: z.enum(OFFER_DECLINE_REASONS).nullable(),
  /** When an open offer or a counter lapses. */
  expires_at: z.string().nullable(),
  /** Until when an accepted offer's price can be ordered. */
  agreed_until: z.string().nullable(),
  created_at: z.string(),
});
export type BuyerOffer = z.infer<typeof buyerOfferSchema>;
export const buyerOfferAnswerSchema = z.object({ offer: buyerOfferSchema });
/** The 201 of an offer: its private link's token, given once. */
export const offerCreatedSchema = z.object({ offer: buyerOfferSchema.extend({ token: z.string() }) });

/** An offer as staff see it. */
export const adminOfferSchema = buyerOfferSchema.extend({
  id: z.number().int(),
  shop_id: z.number().int().nullable(),
  buyer_name: z.string(),
  phone: z.string(),
  note: z.string().nullable(),
  order_id: z.number().int().nullable(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type AdminOffer = z.infer<typeof adminOfferSchema>;
export const adminOfferListSchema = listOf('offers', adminOfferSchema);

/** GET /admin/offers?status=&shop_id=&product_id= */
export const offersQuerySchema = pageQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(OFFER_STATUSES).optional()),
  shop_id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  product_id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
});
/** POST /admin/offers/{id}/counter (seller requests have their own counterOfferSchema) */
export const counterBuyerOfferSchema = z.object({ amount: amountField('Counter') });
/** POST /admin/offers/{id}/decline */
export const declineBuyerOfferSchema = z.object({
  reason: z.enum(STAFF_DECLINE_REASONS, { message: 'Choose a reason from the list' }),
});

/** The staff-only offer prices of a product's edit: empty clears, missing keeps what is stored. */
export const offerPriceFields = {
  floor_price: optionalAmountField('Floor price').optional(),
  accept_price: optionalAmountField('Accept-at-once price').optional(),
};
export const OFFER_PRICES_ORDER = 'The accept-at-once price must be at least the floor price';
export const OFFER_PRICES_BELOW_PRICE = 'The floor and accept-at-once prices must be less than the price';

/** GET /admin/offers/figures: offers per item, acceptance, the average discount per category (last 90 days). */
export const offerFiguresSchema = z.object({
  since: z.string(),
  offers: z.number().int(),
  /** Offers answered (accepted, ordered or declined), and of those accepted or ordered. */
  answered: z.number().int(),
  accepted: z.number().int(),
  /** accepted / answered, 0 to 1; null with none answered. */
  acceptance_rate: z.number().nullable(),
  items: z.array(z.object({ product_id: z.number().int(), name: z.string(), offers: z.number().int() })),
  categories: z.array(
    z.object({
      category: z.string(),
      agreed: z.number().int(),
      /** The mean of (list price - agreed) / list price of agreed offers, 0 to 1. */
      average_discount: z.number(),
    }),
  ),
});
export type OfferFigures = z.infer<typeof offerFiguresSchema>;
