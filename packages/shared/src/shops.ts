import { z } from 'zod';
import { requiredText } from './fields.js';
import { optionalAmountField } from './amount.js';
import { optionalMalawiPhoneField } from './phone-field.js';
import { listOf } from './pagination.js';

// Shops first had one `contact` field holding the opening hours; shops now also have a town (where
// their items are), a phone and an optional flat delivery fee. `contact` is still accepted on input and
// sent back (equal to `hours`) so the first API's calls keep working (docs/decisions/0008).
export const shopInputSchema = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !('hours' in v) && 'contact' in v
      ? { ...v, hours: (v as { contact: unknown }).contact }
      : v,
  z.object({
    name: requiredText('Shop name is required', 120),
    address: requiredText('Address is required', 300),
    town: requiredText('Town is required', 80),
    hours: requiredText('Opening hours are required', 300),
    phone: optionalMalawiPhoneField(),
    delivery_fee: optionalAmountField('Delivery fee'),
  }),
);
export type ShopInput = z.input<typeof shopInputSchema>;

export const shopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  town: z.string(),
  hours: z.string(),
  /** Same as hours: the field's first name. */
  contact: z.string(),
  phone: z.string().nullable(),
  /** Flat delivery fee in MWK; null: agreed on the phone. */
  delivery_fee: z.number().int().nullable(),
});
export type Shop = z.infer<typeof shopSchema>;
export const shopListSchema = listOf('shops', shopSchema);
