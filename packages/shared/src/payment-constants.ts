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
