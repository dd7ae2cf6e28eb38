import { z } from 'zod';
import { DESCRIPTION_MAX } from './constants.js';

// Field rules with their exact messages (docs/product.md#validation), shared by forms and routes.
export const requiredText = (message: string, max = 200) =>
  z.string({ message }).trim().min(1, message).max(max, tooLong(max));

/** The public forms' lengths are written out, so the catalogues can translate their messages (docs/decisions/0032). */
function tooLong(max: number): string {
  if (max === 120) return /*i18n*/ 'Must be at most 120 characters';
  if (max === 200) return /*i18n*/ 'Must be at most 200 characters';
  return `Must be at most ${max} characters`;
}

const LETTER = /\p{L}/gu;
/**
 * A person's name (seller, buyer): required, at most 120 characters, with at least two letters of any
 * alphabet ('Zo' passes; '.', '12' or one emoji do not), so staff have something to call the person.
 */
export const personNameField = (required: string) =>
  requiredText(required, 120).refine(
    (v) => v === '' || (v.match(LETTER)?.length ?? 0) >= 2,
    /*i18n*/ 'Name must have at least two letters',
  );

export const itemNameField = requiredText(/*i18n*/ 'Item name is required');
export const descriptionField = z
  .string({ message: /*i18n*/ 'Description is required' })
  .trim()
  .min(1, /*i18n*/ 'Description is required')
  // At most 500 (500 characters pass, 501 do not), whatever its message says (docs/product.md#validation).
  .max(DESCRIPTION_MAX, /*i18n*/ 'Description must be under 500 characters');
/**
 * Whole MWK as typed: digits only (docs/product.md#validation). Kept as text in forms; routes convert with toAmount.
 */
export const priceField = z
  .string({ message: /*i18n*/ 'Price is required' })
  .trim()
  .min(1, /*i18n*/ 'Price is required')
  .regex(/^\d+$/, /*i18n*/ 'Price must contain only numbers')
  .max(12, /*i18n*/ 'Price is too large');
export const locationField = requiredText(/*i18n*/ 'Location is required');
export const emailField = z
  .string({ message: /*i18n*/ 'Email is required' })
  .trim()
  .min(1, /*i18n*/ 'Email is required')
  .max(254, /*i18n*/ 'Invalid email')
  .pipe(z.email(/*i18n*/ 'Invalid email'));

/** Multipart and HTML forms send booleans as text. */
export const flagField = z.preprocess(
  (v) => (v === 'true' || v === 'on' ? true : v === 'false' || v === '' ? false : v),
  z.boolean(),
);

/** An id chosen in a select: a positive whole number, from text or number. */
export const idField = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ message }).int(message).positive(message).max(2_147_483_647, message),
  );

export function toAmount(digits: string): number {
  return Number.parseInt(digits, 10);
}
