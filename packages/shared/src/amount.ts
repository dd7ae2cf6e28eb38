import { z } from 'zod';
import { formatMoney } from './money.js';

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

/** 'Fare must be at most MWK 50,000': a bound the form or the server (a setting) applies. */
export const atMostText = (label: string, max: number) => `${label} must be at most ${formatMoney(max)}`;

/**
 * An amount staff type that becomes money moved (an offer, a selling price, a fare, a correction): above 0, since a
 * ledger row of 0 is refused, and at most `max` when given, so a slip of the keyboard never lands in the ledger.
 */
export const moneyAmountField = (label: string, max?: number) =>
  amountField(label)
    .refine((v) => v > 0, `${label} must be more than 0`)
    .refine((v) => max === undefined || v <= max, atMostText(label, max ?? 0));

/** An optional moneyAmountField: empty, null or missing -> null. */
export const optionalMoneyAmountField = (label: string, max?: number) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), moneyAmountField(label, max).nullable());
