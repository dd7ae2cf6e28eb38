import { z } from 'zod';
import { malawiPhoneField } from './phone-field.js';
import { PHONE_CODE_MESSAGE, PHONE_CODE_PATTERN } from './phone-proof.js';

export const phoneCodeRequestSchema = z.object({ phone: malawiPhoneField() });
export type PhoneCodeRequest = z.input<typeof phoneCodeRequestSchema>;

export const phoneCodeSentSchema = z.object({
  /** The number the code went to, normalised (+265...). */
  phone: z.string(),
  expires_at: z.string(),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

/** The code field of the checkout, as typed: spaces allowed ("123 456"). */
export const phoneCodeField = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => PHONE_CODE_PATTERN.test(v), PHONE_CODE_MESSAGE);
