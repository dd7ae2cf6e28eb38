import { z } from 'zod';
import { shopIdFilter } from './pagination.js';

/** The longest period one Money query covers: a quarter, so an answer stays small. */
export const MONEY_MAX_DAYS = 92;

const day = (name: string) =>
  z
    .string({ message: `${name} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${name} must be a real date`);

/** ?from=2026-12-01&to=2026-12-07&shop_id=2: days in UTC, both included. */
export const moneyQuerySchema = z
  .object({
    from: day('from'),
    to: day('to'),
    shop_id: shopIdFilter,
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= (MONEY_MAX_DAYS - 1) * 86_400_000, {
    message: `At most ${MONEY_MAX_DAYS} days at once`,
    path: ['to'],
  });
export type MoneyQuery = z.output<typeof moneyQuerySchema>;

const figures = z.object({
  /** Taken in, by method: sales at the counter and payments online. */
  taken_in: z.record(z.string(), z.number().int()),
  refunded: z.number().int(),
  paid_to_sellers: z.number().int(),
  fees: z.number().int(),
  /** Taken in, less refunds, payouts and fees. */
  net: z.number().int(),
});

export const moneySummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** One row per shop and day that moved money, oldest first. */
  days: z.array(
    figures.extend({ date: z.string(), shop_id: z.number().int().nullable(), shop_name: z.string().nullable() }),
  ),
  totals: figures,
});
export type MoneySummary = z.infer<typeof moneySummarySchema>;
