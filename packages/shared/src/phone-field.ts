import { z } from 'zod';
import { MALAWI_PHONE_MESSAGE, normalizeMalawiPhone } from './phone.js';

/**
 * A required Malawi number (phone.ts's one rule), stored normalised as +265XXXXXXXXX. `invalid`: the
 * form's own wording (the sell forms say 'Invalid phone number', docs/product.md#validation).
 */
export const malawiPhoneField = (required = /*i18n*/ 'Phone number is required', invalid = MALAWI_PHONE_MESSAGE) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(30, invalid)
    .refine((v) => v === '' || normalizeMalawiPhone(v) !== null, invalid)
    .transform((v) => normalizeMalawiPhone(v) as string);

/** An optional Malawi number (a shop's): empty or missing is null. */
export const optionalMalawiPhoneField = (invalid = MALAWI_PHONE_MESSAGE) =>
  z
    .string()
    .trim()
    .max(30, invalid)
    .optional()
    .nullable()
    .transform((v) => v || null)
    .refine((v) => v === null || normalizeMalawiPhone(v) !== null, invalid)
    .transform((v) => (v === null ? null : (normalizeMalawiPhone(v) as string)));
