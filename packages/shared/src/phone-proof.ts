import { z } from 'zod';
import { malawiPhoneField } from './phone-field.js';

/** A code sent by SMS proves a buyer's phone before an unpaid reservation (docs/decisions/0035). */
export const PHONE_CODE_DIGITS = 6;
export const PHONE_CODE_PATTERN = /^\d{6}$/;
export const PHONE_CODE_MESSAGE = /*i18n*/ 'Enter the 6-digit code from the SMS';
/** The `code` of the 403 a reservation gets without a valid code or phone token. */
export const PHONE_UNVERIFIED = 'phone_unverified';

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
