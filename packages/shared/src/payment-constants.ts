import { mobileMoneyNetwork } from './phone.js';

// Zod-free payment constants (docs/decisions/0052): public screens import them without loading the payment schemas.

/** on_collection: at the shop or on delivery, as before; the others: now, by a mobile-money PIN prompt. */
export const ORDER_PAYMENTS = ['on_collection', 'airtel_money', 'tnm_mpamba'] as const;
export type OrderPayment = (typeof ORDER_PAYMENTS)[number];
export const MOBILE_MONEY = ['airtel_money', 'tnm_mpamba'] as const;
export type MobileMoney = (typeof MOBILE_MONEY)[number];

export const PAYMENT_STATUSES = ['not_required', 'pending', 'paid', 'failed', 'refunding', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const MOBILE_MONEY_LABELS: Record<MobileMoney, string> = {
  airtel_money: 'Airtel Money',
  tnm_mpamba: 'TNM Mpamba',
};

export function isMobileMoney(payment: string): payment is MobileMoney {
  return (MOBILE_MONEY as readonly string[]).includes(payment);
}

export const PAYMENT_UNREACHABLE = /*i18n*/ 'We could not reach the payment service; try again or pay at the shop';
export const PAYMENT_DECLINED = /*i18n*/ 'The payment did not go through. Try again or pay at the shop.';
/** The gateway neither confirmed nor denied the charge within the hold (the charge is still checked: never paid twice). */
export const PAYMENT_UNCONFIRMED =
  /*i18n*/ 'Your payment was not confirmed in time. Try again or pay at the shop; if it goes through later, you will not pay twice.';
export const PAYMENT_NOT_OFFERED = /*i18n*/ 'Paying online is not available now. Choose to pay at the shop.';

/** How and when sellers are paid: said on /sell, its success page, the status page, the terms and the FAQ. */
export const HOW_SELLERS_ARE_PAID =
  /*i18n*/ "Once your item is in our shop's stock we pay you the agreed price by Airtel Money or TNM Mpamba to the phone you gave, or in cash at the shop, usually the same working day.";

/** Paying now by mobile money needs a number the networks' wallets use (docs/decisions/0081). */
export const NOT_A_WALLET_NUMBER =
  /*i18n*/ 'Mobile money needs an Airtel or TNM number. Give one, or choose to pay at the shop.';
/** The buyer chose the network their number's prefix does not belong to. */
export const WRONG_NETWORK: Record<MobileMoney, string> = {
  airtel_money: /*i18n*/ 'This is an Airtel number: choose Airtel Money, or pay at the shop.',
  tnm_mpamba: /*i18n*/ 'This is a TNM number: choose TNM Mpamba, or pay at the shop.',
};

/**
 * Why `phone` cannot pay by `payment` now, for the payment field (checkout, the order page's "Try again" and the
 * server alike); null when it can, or when the buyer pays at the shop.
 */
export function payNowProblem(phone: string, payment: string): string | null {
  if (!isMobileMoney(payment)) return null;
  const network = mobileMoneyNetwork(phone);
  if (!network) return NOT_A_WALLET_NUMBER;
  return network === payment ? null : WRONG_NETWORK[network];
}
