import { z } from 'zod';
import { moneyAmountField } from './amount.js';
import { idField } from './fields.js';

/** The largest correction one entry may record (MWK 10,000,000): well above any day's takings of one shop. */
export const CORRECTION_MAX = 10_000_000;
export const CORRECTION_REASON_MIN = 10;
export const CORRECTION_REASON_MAX = 300;
export const CORRECTION_ENTRY_REQUIRED = 'Choose the entry this corrects';
export const CORRECTION_SHOP_REQUIRED = 'Choose a shop';

/**
 * POST /admin/money/corrections (docs/decisions/0082): an Admin records money the ledger got wrong as a new entry of
 * kind `correction`, naming the entry it corrects; the form, the route and the type share this schema.
 */
export const ledgerCorrectionSchema = z.object({
  corrects_id: idField(CORRECTION_ENTRY_REQUIRED),
  direction: z.enum(['in', 'out'], { message: 'Choose money in or money out' }),
  amount: moneyAmountField('Amount', CORRECTION_MAX),
  shop_id: idField(CORRECTION_SHOP_REQUIRED),
  reason: z
    .string({ message: 'Reason is required' })
    .trim()
    .min(CORRECTION_REASON_MIN, `Reason must be at least ${CORRECTION_REASON_MIN} characters`)
    .max(CORRECTION_REASON_MAX, `Reason must be at most ${CORRECTION_REASON_MAX} characters`),
});
export type LedgerCorrectionInput = z.input<typeof ledgerCorrectionSchema>;
export type LedgerCorrection = z.output<typeof ledgerCorrectionSchema>;
