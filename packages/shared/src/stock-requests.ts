import { z } from 'zod';
import { malawiPhoneField } from './phone-field.js';

/** At most this many open requests per phone, whatever the items (decision 0062). */
export const STOCK_REQUESTS_PER_PHONE = 3;
/** Open requests one network (address group) may have at once. */
export const STOCK_REQUESTS_PER_ADDRESS = 10;
export const STOCK_REQUEST_RECEIVED =
  /*i18n*/ 'Thank you. The shop will answer by SMS whether it can bring the item to the shop you chose.';

/** A buyer asks for an item to be brought to their nearest shop. */
const NAME_REQUIRED = /*i18n*/ 'Your name is required';
const CHOOSE_SHOP = /*i18n*/ 'Choose a shop';

export const stockRequestSchema = z.object({
  buyer_name: z
    .string({ message: NAME_REQUIRED })
    .trim()
    .min(1, NAME_REQUIRED)
    .max(100, /*i18n*/ 'Name must be at most 100 characters'),
  phone: malawiPhoneField(),
  shop_id: z.number({ message: CHOOSE_SHOP }).int().positive(CHOOSE_SHOP),
});
export type StockRequestInput = z.input<typeof stockRequestSchema>;

export const declineStockRequestSchema = z.object({
  reason: z.string({ message: 'Say why' }).trim().min(1, 'Say why').max(300, 'At most 300 characters'),
});

/** An open request as staff see it. */
export const adminStockRequestSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  to_shop: z.object({ id: z.number().int(), name: z.string(), town: z.string() }),
  buyer_name: z.string(),
  phone: z.string(),
  created_at: z.string(),
});
export type AdminStockRequest = z.infer<typeof adminStockRequestSchema>;
export const stockRequestListSchema = z.object({ transfer_requests: z.array(adminStockRequestSchema) });
