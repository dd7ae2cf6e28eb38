import { z } from 'zod';
import { MOBILE_MONEY_LABELS, type MobileMoney } from './payment-constants.js';

// Paying the seller once their item is in a shop's stock (docs/decisions/0053).

/** Mobile money to the seller's phone, or cash at the counter. */
export const SELLER_PAYOUT_METHODS = ['airtel_money', 'tnm_mpamba', 'cash'] as const;
export type SellerPayoutMethod = (typeof SELLER_PAYOUT_METHODS)[number];
export const SELLER_PAYOUT_LABELS: Record<SellerPayoutMethod, string> = {
  ...MOBILE_MONEY_LABELS,
  cash: 'Paid in cash at the counter',
};

export const PAYOUT_NOT_OFFERED = 'Paying by mobile money is not available';
export const SELLER_ALREADY_PAID = 'This seller is already paid';
export const PAYOUT_ON_ITS_WAY = 'A payout to this seller is on its way';
/** Staff chose the network the seller's number's prefix does not belong to (docs/decisions/0081). */
export const PAYOUT_WRONG_NETWORK: Record<MobileMoney, string> = {
  airtel_money:
    "The seller's number is an Airtel number: choose Airtel Money, or tick “Number moved to another network” if the seller moved it.",
  tnm_mpamba:
    "The seller's number is a TNM number: choose TNM Mpamba, or tick “Number moved to another network” if the seller moved it.",
};
/** Access and other mobile numbers whose prefix is neither network's. */
export const PAYOUT_NOT_A_WALLET =
  "The seller's number is not an Airtel or TNM number: pay in cash at the counter, or tick “Number moved to another network” if the seller moved it.";

/** POST /admin/seller-requests/{id}/pay: the amount is always the server's buying price, never sent. */
export const paySellerSchema = z.object({
  method: z.enum(SELLER_PAYOUT_METHODS, { message: 'Choose how the seller is paid' }),
  reference: z
    .string()
    .trim()
    .max(100, 'Reference must be at most 100 characters')
    .optional()
    .transform((v) => v || null),
  /** Staff vouch that the seller moved the number to the chosen network (a ported number): audited. */
  ported: z.boolean({ message: 'ported must be true or false' }).optional().default(false),
});
export type PaySellerRequest = z.input<typeof paySellerSchema>;

export const SELLER_PAYOUT_STATUSES = ['not_paid', 'pending', 'paid', 'failed'] as const;
export type SellerPayoutStatus = (typeof SELLER_PAYOUT_STATUSES)[number];

/**
 * Where paying the seller stands, on the back-office detail and the seller's status page: the newest payout speaks
 * (a failed one stays until a retry replaces it). `paid_by` is on the back-office's answer only.
 */
export const sellerPayoutSchema = z.object({
  status: z.enum(SELLER_PAYOUT_STATUSES),
  method: z.enum(SELLER_PAYOUT_METHODS).nullable(),
  /** The buying price (the offer the seller accepted); null until the item is in stock. */
  amount: z.number().int().nullable(),
  reference: z.string().nullable(),
  paid_at: z.string().nullable(),
  paid_by: z.string().nullable().optional(),
  /** Back-office only: the gateway cannot send it, an Admin pays it from the Money screen (decision 0079). */
  by_hand: z.boolean().optional(),
});
export type SellerPayout = z.infer<typeof sellerPayoutSchema>;
