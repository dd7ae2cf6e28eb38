import { z } from 'zod';
import { interestBodySchema } from './products.js';
import { listOf } from './pagination.js';
import { malawiPhoneField } from './phone-field.js';
import { phoneCodeField } from './phone-proof-schemas.js';

/** Why a visitor reports a listing (docs/decisions/0058). */
export const REPORT_REASONS = ['wrong_price', 'wrong_description', 'looks_stolen', 'suspicious_seller'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_NOTE_MAX = 500;
/**
 * Reports from this many different proved phones hide the item until staff decide (docs/decisions/0086);
 * anonymous reports only go to the staff queue.
 */
export const REPORTS_TO_HIDE = 3;

export const REPORT_REASON_REQUIRED = /*i18n*/ 'Choose a reason';
export const REPORT_NOTE_TOO_LONG = /*i18n*/ 'Note must be at most 500 characters';

/**
 * POST /v1/products/{id}/reports: the visitor id is the one the interest toggle sends. The phone is optional and,
 * when given, proved the checkout's way (its phone token, or the SMS code just sent to it): only reports from
 * proved phones can hide an item by themselves.
 */
export const reportBodySchema = interestBodySchema.extend({
  phone: malawiPhoneField().optional(),
  phone_code: phoneCodeField.optional(),
  phone_token: z.string().trim().min(1).max(200, 'phone_token is not valid').optional(),
  reason: z.enum(REPORT_REASONS, { message: REPORT_REASON_REQUIRED }),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX, REPORT_NOTE_TOO_LONG)
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ReportBody = z.input<typeof reportBodySchema>;

/** The same answer for a counted and an uncounted report: it never says how many there are. */
export const reportReceivedSchema = z.object({ message: z.string() });
export const REPORT_RECEIVED = /*i18n*/ 'Thank you. Our team will check this item.';

export const adminReportSchema = z.object({
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  created_at: z.string(),
});
/** One item in the staff queue with its open reports (newest first). */
export const adminReportedItemSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  is_published: z.boolean(),
  /** Hidden by reports, waiting for staff to dismiss or keep it hidden. */
  awaiting_review: z.boolean(),
  visitors: z.number().int(),
  /** Different proved phones among the open reports: REPORTS_TO_HIDE of them hide the item. */
  proved_phones: z.number().int(),
  last_reported_at: z.string(),
  reports: z.array(adminReportSchema),
});
export type AdminReportedItem = z.infer<typeof adminReportedItemSchema>;
export const adminReportListSchema = listOf('items', adminReportedItemSchema);
export type AdminReportList = z.infer<typeof adminReportListSchema>;

export const REPORT_DECISIONS = ['dismiss', 'unpublish'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];
