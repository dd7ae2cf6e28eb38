import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from './order-flow.js';
import { blankIsAbsent, limitSchema, listOf, offsetSchema, shopIdFilter } from './pagination.js';

/** The longest period one Money query covers: a quarter, so an answer stays small. */
export const MONEY_MAX_DAYS = 92;

const day = (name: string) =>
  z
    .string({ message: `${name} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${name} must be a real date`);

const period = { from: day('from'), to: day('to'), shop_id: shopIdFilter };

/** The period's rules, the same for every Money query: in order, and at most MONEY_MAX_DAYS days. */
function periodInOrder(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
  else if (Date.parse(q.to) - Date.parse(q.from) > (MONEY_MAX_DAYS - 1) * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${MONEY_MAX_DAYS} days at once` });
}

/** ?from=2026-12-01&to=2026-12-07&shop_id=2: days in UTC, both included. */
export const moneyQuerySchema = z.object(period).superRefine(periodInOrder);
export type MoneyQuery = z.output<typeof moneyQuerySchema>;

/** What a ledger row records (docs/decisions/0049): sale at the counter, payment online, and the rest. */
export const LEDGER_KINDS = ['sale', 'payment', 'refund', 'seller_payout', 'fee', 'correction'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** The kinds a figure of the summary adds up: "taken in" is sales and payments together. */
export const TAKEN_IN_KINDS: readonly LedgerKind[] = ['sale', 'payment'];

const KINDS_INVALID = `kind must be one or more of ${LEDGER_KINDS.join(', ')}, separated by commas`;
const METHOD_INVALID = `method must be one of ${PAYMENT_METHODS.join(', ')}`;

/**
 * ?from=&to=&shop_id=&kind=sale,payment&method=cash&limit=&offset=: the entries behind one figure, a page at a
 * time. The period follows moneyQuerySchema's rules; several kinds, because one figure (taken in) adds two.
 */
export const moneyEntriesQuerySchema = z
  .object({
    ...period,
    kind: z.preprocess(
      blankIsAbsent,
      z
        .string()
        .transform((text) => [...new Set(text.split(','))])
        .pipe(z.array(z.enum(LEDGER_KINDS, { message: KINDS_INVALID })))
        .optional(),
    ),
    method: z.preprocess(blankIsAbsent, z.enum(PAYMENT_METHODS, { message: METHOD_INVALID }).optional()),
    limit: limitSchema,
    offset: offsetSchema,
  })
  .superRefine(periodInOrder);
export type MoneyEntriesQuery = z.output<typeof moneyEntriesQuerySchema>;

/** One ledger row as staff read it; `amount` is positive and `direction` says which way it went. */
export const moneyEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  kind: z.enum(LEDGER_KINDS),
  direction: z.enum(['in', 'out']),
  method: z.string(),
  amount: z.number().int(),
  reference: z.string().nullable(),
  order_id: z.number().int().nullable(),
  seller_request_id: z.number().int().nullable(),
  subject_number: z.string().nullable(),
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
  staff_name: z.string().nullable(),
  note: z.string().nullable(),
  /** A correction's entry it corrects (docs/decisions/0082); null for every other kind. */
  corrects_id: z.number().int().nullable(),
});
export type MoneyEntry = z.infer<typeof moneyEntrySchema>;
export const moneyEntryListSchema = listOf('entries', moneyEntrySchema);

/** 'Airtel Money' for airtel_money; a method the labels do not know reads as itself. */
export function methodLabel(method: string): string {
  return (PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? method;
}

const figures = z.object({
  /** Taken in, by method: sales at the counter and payments online. */
  taken_in: z.record(z.string(), z.number().int()),
  refunded: z.number().int(),
  paid_to_sellers: z.number().int(),
  fees: z.number().int(),
  /** Corrections an Admin recorded, signed: money in less money out (docs/decisions/0082). */
  corrections: z.number().int(),
  /** Taken in, less refunds, payouts and fees, plus corrections. */
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
  /**
   * Money through the gateway that staff must look at: charges still pending, refunds and payouts that failed, and
   * those waiting for an Admin to pay by hand (status `manual`, decision 0079).
   */
  attention: z.array(
    z.object({
      /** The transfer's id: an Admin records a `manual` one as paid by hand with it. */
      id: z.number().int(),
      kind: z.enum(['payment', 'refund', 'seller_payout']),
      status: z.string(),
      amount: z.number().int(),
      method: z.string(),
      subject_number: z.string().nullable(),
      order_id: z.number().int().nullable(),
      seller_request_id: z.number().int().nullable(),
      created_at: z.string(),
      note: z.string().nullable(),
    }),
  ),
});
export type MoneySummary = z.infer<typeof moneySummarySchema>;
