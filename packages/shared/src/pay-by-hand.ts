import { z } from 'zod';
import { mobileMoneyNetwork } from './phone.js';
import { malawiPhoneField } from './phone-field.js';

// A refund or seller payout the gateway cannot send (its operator takes no withdrawals, decision 0079): an Admin
// records how it was paid instead, from the Money screen's attention list.

export const PAY_BY_HAND_METHODS = ['airtel_money', 'cash'] as const;
export type PayByHandMethod = (typeof PAY_BY_HAND_METHODS)[number];
export const PAY_BY_HAND_LABELS: Record<PayByHandMethod, string> = {
  airtel_money: 'Airtel Money to another number',
  cash: 'Cash at the shop',
};

export const NOT_AN_AIRTEL_NUMBER = 'Enter an Airtel Money number (099 or 098)';
export const NOT_WAITING_FOR_STAFF = 'This payment is not waiting for staff any more';

/**
 * POST /admin/money/transfers/{id}/by-hand. Airtel Money: sent through the gateway as a new payout to the number the
 * person gave. Cash: paid at the counter, with the receipt's reference; the staff member is who is signed in.
 */
export const payByHandSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('airtel_money'),
      mobile: malawiPhoneField().refine((m) => mobileMoneyNetwork(m) === 'airtel_money', NOT_AN_AIRTEL_NUMBER),
    }),
    z.object({
      method: z.literal('cash'),
      reference: z
        .string({ message: 'Enter the receipt number or reference' })
        .trim()
        .min(1, 'Enter the receipt number or reference')
        .max(100, 'Reference must be at most 100 characters'),
    }),
  ],
  { message: 'Choose how it was paid' },
);
export type PayByHandRequest = z.input<typeof payByHandSchema>;
