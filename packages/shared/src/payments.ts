import { z } from 'zod';
import { MOBILE_MONEY, ORDER_PAYMENTS, PAYMENT_STATUSES } from './payment-constants.js';
import { phoneCodeField } from './phone-proof-schemas.js';

// How a buyer pays an order, and where that payment stands (docs/decisions/0052).

export const paymentChoiceField = z.enum(ORDER_PAYMENTS, {
  message: /*i18n*/ 'Choose how you will pay',
});

/** Each order's payment, in every answer that shows the order. */
export const orderPaymentSchema = z.object({
  method: z.enum(ORDER_PAYMENTS),
  status: z.enum(PAYMENT_STATUSES),
  /** Whole MWK: the order's total. */
  amount: z.number().int(),
  /** Why the last attempt failed, in words for the buyer; null otherwise. */
  message: z.string().nullable(),
});
export type OrderPaymentState = z.infer<typeof orderPaymentSchema>;

/**
 * POST /v1/orders/{token}/pay: a new attempt by mobile money, or the buyer's switch to paying at the shop (which
 * then needs the phone proved, like any unpaid reservation).
 */
export const payOrderSchema = z.object({
  payment: paymentChoiceField,
  phone_code: phoneCodeField.optional(),
  phone_token: z.string().max(200, 'phone_token is not valid').optional(),
});
export type PayOrderRequest = z.input<typeof payOrderSchema>;

/** A charge, refund or payout as staff see it on an order or a seller request. */
export const moneyTransferSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['charge', 'refund', 'seller_payout']),
  /** starting: not yet answered by the payment service; manual: waiting for an Admin to pay it by hand. */
  status: z.enum(['starting', 'pending', 'paid', 'failed', 'manual']),
  method: z.string(),
  amount: z.number().int(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type MoneyTransfer = z.infer<typeof moneyTransferSchema>;

/** GET /v1/payment-options: the ways a buyer can pay now; empty when no gateway is configured. */
export const paymentOptionsSchema = z.object({ mobile_money: z.array(z.enum(MOBILE_MONEY)) });
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;
