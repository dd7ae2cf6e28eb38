import { CURRENCY, LOCALE } from './constants.js';

const grouping = new Intl.NumberFormat(LOCALE);

/** Prices may arrive as text or number; non-digits are stripped and a missing price is 0. */
export function priceDigits(price: unknown): string {
  if (price === null || price === undefined) return '0';
  const digits = String(price).replace(/\D/g, '');
  return digits === '' ? '0' : digits.replace(/^0+(?=\d)/, '');
}

/** '12,000' for 12000 or '12,000' (en-MW grouping). */
export function formatAmount(price: unknown): string {
  return grouping.format(Number(priceDigits(price)));
}

/** 'MWK 12,000' */
export function formatMoney(price: unknown): string {
  return `${CURRENCY} ${formatAmount(price)}`;
}

/** 'MWK 20,000' or '−MWK 20,000': formatMoney drops the sign, and a net or a margin can be below 0. */
export function formatSignedMoney(amount: number): string {
  return amount < 0 ? `−${formatMoney(-amount)}` : formatMoney(amount);
}
