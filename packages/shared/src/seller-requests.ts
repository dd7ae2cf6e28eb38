import { z } from 'zod';
import { outboxMessageSchema } from './messages.js';
import {
  descriptionField,
  emailField,
  flagField,
  idField,
  itemNameField,
  locationField,
  personNameField,
  priceField,
} from './fields.js';
import { malawiPhoneField } from './phone-field.js';
import { orderTokenPattern } from './order-constants.js';
import { moneyAmountField } from './amount.js';
import { deviceRecordSchema } from './device.js';
import { productSpecFields } from './specs.js';
import { conditionField, conditionSchema, requiredConditionField } from './condition.js';
import { listOf, pageQuerySchema, searchSchema, shopIdFilter } from './pagination.js';
import { sellerAccountOfferSchema } from './seller-accounts.js';
import { sellerPayoutSchema } from './seller-payouts.js';

// The spec's wording for these two forms; the rule is the one every phone field shares.
const phoneField = malawiPhoneField(/*i18n*/ 'Phone number is required', /*i18n*/ 'Invalid phone number');

function submissionSchema(nameMessage: string) {
  return z.object({
    item_name: itemNameField,
    description: descriptionField,
    price: priceField,
    seller_name: personNameField(nameMessage),
    phone: phoneField,
    email: emailField,
    location: locationField,
    notify_on_offer: flagField.default(true),
    terms_accepted: flagField.default(true).refine((v) => v === true, /*i18n*/ 'You must accept the terms'),
    create_seller_account: flagField.default(false),
    condition: conditionField,
    // A category's name (the public form offers the storefront's categories by name); '' or absent: not given.
    category: z.string().trim().max(100, /*i18n*/ 'Choose a category from the list').optional().default(''),
  });
}

/** POST /v1/sells (the public /sell form). */
export const sellSubmissionSchema = submissionSchema(/*i18n*/ 'Your name is required').extend({
  /** A random key the form makes once per submission: sending it again returns the first submission (0076). */
  request_id: z.string().regex(orderTokenPattern, 'request_id must be 32 letters, digits, - or _').optional(),
});
/** POST /admin/seller-requests (the back-office form for a walk-in seller). */
export const adminSellerRequestSchema = submissionSchema('Seller name is required');
export type SellSubmissionInput = z.input<typeof sellSubmissionSchema>;

// The forms ask for the grade; the routes take a submission without one (older clients) as not graded.
/** The public /sell form. */
export const sellFormSchema = sellSubmissionSchema.extend({ condition: requiredConditionField });
/** The back-office's create seller request form. */
export const adminSellerRequestFormSchema = adminSellerRequestSchema.extend({ condition: requiredConditionField });

const reasonField = z.string().trim().max(500, 'Reason must be at most 500 characters').optional().default('');

export const offerSchema = z.object({ price: moneyAmountField('Offer amount'), reason: reasonField });
export const counterOfferSchema = z.object({
  counter_price: moneyAmountField('Counter-offer amount'),
  reason: reasonField,
});
export const denySchema = z.object({
  reason: z
    .string({ message: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason must be at most 500 characters'),
});
export const addToInventorySchema = z.object({
  shop_id: idField('Please select a shop before confirming.'),
  category_id: idField('Please select a category before confirming.'),
  seller_request_id: z.coerce.number().int().optional(),
  publish_product: z.boolean().optional(),
  /** The selling price; what we pay is the offer the seller accepted. */
  price: moneyAmountField('Selling price'),
  /** Brand, storage and memory staff confirmed at intake (decision 0069); older clients send none: not stated. */
  ...productSpecFields,
});
/** Staff record that the seller accepted in person or by phone. */
export const recordAcceptanceSchema = z.object({
  note: z
    .string({ message: 'Note is required' })
    .trim()
    .min(1, 'Note is required')
    .max(500, 'Note must be at most 500 characters'),
});
/** The seller's answer through the status link; `offer_id` names the offer the seller saw (a newer one is a 409). */
export const sellerAnswerSchema = z.object({
  reason: z.string().trim().max(500, /*i18n*/ 'Reason must be at most 500 characters').optional(),
  offer_id: z.number().int().positive().optional(),
});
/** `search`: a reference (S-7QK2M), a phone number (digits compared) or an email. */
/** `shop_id`: the requests that became that shop's products (docs/decisions/0061). */
/** `archived=true`: the archived requests only; without it, the others (docs/decisions/0082). */
export const sellerRequestListQuerySchema = pageQuerySchema.extend({
  search: searchSchema,
  shop_id: shopIdFilter,
  archived: z
    .enum(['true', 'false', '1', '0', ''], { message: 'archived must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

const BY = ['seller', 'staff', 'system'] as const;
export const OFFER_ANSWERS = ['accepted', 'declined', 'expired'] as const;
export type OfferAnswer = (typeof OFFER_ANSWERS)[number];

/** An offer or counter-offer and the seller's answer to it (null while open, or when withdrawn unanswered). */
const offerWithAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(['offer', 'counter']),
  amount: z.number().int(),
  reason: z.string().nullable(),
  created_at: z.string(),
  answer: z.enum(OFFER_ANSWERS).nullable(),
  answered_at: z.string().nullable(),
  answer_reason: z.string().nullable(),
});

export const sellerRequestSummarySchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  seller_name: z.string(),
  email: z.string(),
  item_name: z.string(),
  price: z.number().int(),
  status: z.string(),
  created_at: z.string(),
  /** When staff archived it; null while it is in the default list. */
  archived_at: z.string().nullable(),
});
export const sellerRequestListSchema = listOf('seller_requests', sellerRequestSummarySchema);

export const sellerRequestSchema = sellerRequestSummarySchema.extend({
  phone: z.string(),
  /** The grade the seller chose, as staff may have corrected it; null: not graded (older requests). */
  condition: conditionSchema.nullable(),
  /** The category the seller chose; null: not given (older requests) or since deleted. */
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  description: z.string(),
  location: z.string(),
  notify_on_offer: z.boolean(),
  terms_accepted: z.boolean(),
  create_seller_account: z.boolean(),
  images: z.array(z.string()),
  product_id: z.number().int().nullable(),
  /** When the open offer expires unanswered; null when no offer is open. */
  offer_expires_at: z.string().nullable(),
  offers: z.array(offerWithAnswer.extend({ id: z.number().int(), actor: z.string().nullable() })),
  history: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      from_status: z.string().nullable(),
      to_status: z.string(),
      reason: z.string().nullable(),
      /** Who acted: the seller (status link or submission), staff, or the system (expiry). */
      by: z.enum(BY),
      actor: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  /** What the seller was told (SMS, email) and where each message's delivery stands. */
  messages: z.array(outboxMessageSchema),
  payout: sellerPayoutSchema,
  /** Phones and tablets: IMEIs, the CEIR check, and alerts such as an IMEI sold before (decision 0057). */
  device: deviceRecordSchema,
  /** A ledger entry or a transfer names it: it cannot be deleted, only archived (decision 0082). */
  money_recorded: z.boolean(),
});
export type SellerRequest = z.infer<typeof sellerRequestSchema>;
export const sellResultSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  message: z.string(),
  reference: z.string(),
  /** The private status link's secret, given once: only its hash is stored. */
  status_token: z.string(),
  /** True when a logged-in seller submitted it: the item is in their seller account. */
  in_account: z.boolean(),
});

/** GET /v1/sells/{status_token}: the seller's own view, without staff names or contact details. */
export const sellerViewSchema = z.object({
  reference: z.string(),
  item_name: z.string(),
  description: z.string(),
  /** The seller's asking price. */
  price: z.number().int(),
  location: z.string(),
  seller_name: z.string(),
  images: z.array(z.string()),
  status: z.string(),
  status_text: z.string(),
  created_at: z.string(),
  offers: z.array(offerWithAnswer),
  open_offer: z
    .object({
      id: z.number().int(),
      kind: z.enum(['offer', 'counter']),
      amount: z.number().int(),
      reason: z.string().nullable(),
      created_at: z.string(),
      expires_at: z.string().nullable(),
    })
    .nullable(),
  can_answer: z.boolean(),
  history: z.array(z.object({ action: z.string(), status: z.string(), by: z.enum(BY), created_at: z.string() })),
  /** The seller account the form offered, when it was asked for with an email; null otherwise. */
  account: sellerAccountOfferSchema.nullable(),
  /** Never says which staff member paid. */
  payout: sellerPayoutSchema.omit({ paid_by: true }),
});
export type SellerView = z.infer<typeof sellerViewSchema>;
