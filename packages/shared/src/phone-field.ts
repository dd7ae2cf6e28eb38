import { z } from 'zod';
import { MALAWI_PHONE_MESSAGE, normalizeMalawiPhone } from './phone.js';

/** A required Malawi number, stored normalised as +265XXXXXXXXX. */
export const malawiPhoneField = (required = /*i18n*/ 'Phone number is required') =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(30, MALAWI_PHONE_MESSAGE)
    .refine((v) => normalizeMalawiPhone(v) !== null, MALAWI_PHONE_MESSAGE)
    .transform((v) => normalizeMalawiPhone(v) as string);
