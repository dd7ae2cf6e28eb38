import { z } from 'zod';
import { descriptionField, emailField, flagField, idField, itemNameField, locationField, priceField, requiredText } from './fields.js';
import { listOf } from './pagination.js';

const phoneField = z
  .string({ message: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(30, 'Invalid phone number')
  .regex(/^[\d+\-()\s]+$/, 'Invalid phone number');

function submissionSchema(nameMessage: string) {
  return z.object({
    item_name: itemNameField,
    description: descriptionField,
    price: priceField,
    seller_name: requiredText(nameMessage, 120),
    phone: phoneField,
    email: emailField,
    location: locationField,
    notify_on_offer: flagField.default(true),
    terms_accepted: flagField.default(true).refine((v) => v === true, 'You must accept the terms'),
    create_seller_account: flagField.default(false),
  });
}

/** The public /sell form and POST /v1/sells. */
export const sellSubmissionSchema = submissionSchema('Your name is required');
/** The back-office form for a walk-in seller and POST /admin/seller-requests. */
export const adminSellerRequestSchema = submissionSchema('Seller name is required');
export type SellSubmissionInput = z.input<typeof sellSubmissionSchema>;

const amountField = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d+$/, `${label} must contain only numbers`)
    .max(12, `${label} is too large`);
const reasonField = z.string().trim().max(500, 'Reason must be at most 500 characters').optional().default('');

export const offerSchema = z.object({ price: amountField('Offer amount'), reason: reasonField });
export const counterOfferSchema = z.object({ counter_price: amountField('Counter-offer amount'), reason: reasonField });
export const denySchema = z.object({ reason: z.string({ message: 'Reason is required' }).trim().min(1, 'Reason is required').max(500, 'Reason must be at most 500 characters') });
export const addToInventorySchema = z.object({
  shop_id: idField('Please select a shop before confirming.'),
  category_id: idField('Please select a category before confirming.'),
  seller_request_id: z.coerce.number().int().optional(),
  publish_product: z.boolean().optional(),
});

export const sellerRequestSummarySchema = z.object({
  id: z.number().int(),
  seller_name: z.string(),
  email: z.string(),
  item_name: z.string(),
  price: z.number().int(),
  status: z.string(),
  created_at: z.string(),
});
export const sellerRequestListSchema = listOf('seller_requests', sellerRequestSummarySchema);

export const sellerRequestSchema = sellerRequestSummarySchema.extend({
  phone: z.string(),
  description: z.string(),
  location: z.string(),
  notify_on_offer: z.boolean(),
  terms_accepted: z.boolean(),
  create_seller_account: z.boolean(),
  images: z.array(z.string()),
  product_id: z.number().int().nullable(),
  offers: z.array(
    z.object({ id: z.number().int(), kind: z.enum(['offer', 'counter']), amount: z.number().int(), reason: z.string().nullable(), actor: z.string().nullable(), created_at: z.string() }),
  ),
  history: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      from_status: z.string().nullable(),
      to_status: z.string(),
      reason: z.string().nullable(),
      actor: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type SellerRequest = z.infer<typeof sellerRequestSchema>;
export const sellResultSchema = z.object({ id: z.number().int(), status: z.string(), message: z.string() });
