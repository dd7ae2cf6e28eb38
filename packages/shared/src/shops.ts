import { z } from 'zod';
import { requiredText } from './fields.js';
import { listOf } from './pagination.js';

export const shopInputSchema = z.object({
  name: requiredText('Shop name is required', 120),
  address: requiredText('Address is required', 300),
  contact: requiredText('Opening hours are required', 300),
});
export type ShopInput = z.infer<typeof shopInputSchema>;
export const shopSchema = shopInputSchema.extend({ id: z.number().int() });
export type Shop = z.infer<typeof shopSchema>;
export const shopListSchema = listOf('shops', shopSchema);
