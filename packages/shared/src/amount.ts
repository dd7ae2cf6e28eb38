import { z } from 'zod';

// Real clients send amounts as JSON numbers or as digit strings; both are accepted everywhere.
const MAX_AMOUNT = 999_999_999_999;

function toDigits(v: unknown): unknown {
  if (typeof v === 'number' && Number.isFinite(v)) return Number.isInteger(v) && v >= 0 ? String(v) : 'x';
  return v;
}

/** A required whole MWK amount (number or digits) -> number. */
export const amountField = (label: string) =>
  z.preprocess(
    toDigits,
    z
      .string({ message: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .regex(/^\d+$/, `${label} must contain only numbers`)
      .max(12, `${label} is too large`)
      .transform((v) => Number.parseInt(v, 10))
      .refine((v) => v <= MAX_AMOUNT, `${label} is too large`),
  );

/** An optional amount: empty, null or missing -> null. */
export const optionalAmountField = (label: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), amountField(label).nullable());
