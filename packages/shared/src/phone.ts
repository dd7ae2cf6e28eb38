import type { MobileMoney } from './payment-constants.js';

// Zod-free on purpose: public screens import these helpers without loading zod (phone-field.ts holds
// the form/route fields).
// Malawi numbers (MACRA's numbering plan): +265, 265 or 0, then the 9-digit national number, written with
// spaces, dashes or parentheses if the writer likes (docs/decisions/0045).
export const MALAWI_PHONE_MESSAGE = /*i18n*/ 'Enter a Malawi phone number: +265 or 0 followed by 9 digits';

const SEPARATORS = /[\s\-()]/g;
const WRITTEN = /^(?:\+265|265|0)(\d{9})$/;
/**
 * National numbers in use: fixed lines 1xx (111 too) and 21x; mobiles 31x, Access 77x, TNM 88x/89x,
 * Airtel 98x/99x. Anything else (a leading 0 after the prefix, 2x, 5x...) is not a Malawi number.
 */
const NATIONAL = /^(?:1\d|21|31|77|8[89]|9[89])\d{7}$/;
const MOBILE = /^\+265(?:31|77|8[89]|9[89])/;

/** '+265 999 123 456', '265-888-123-456', '(0999) 123 456' -> '+265999123456'; anything else -> null. */
export function normalizeMalawiPhone(input: string): string | null {
  const national = WRITTEN.exec(input.replace(SEPARATORS, ''))?.[1];
  return national && NATIONAL.test(national) ? `+265${national}` : null;
}

/** A mobile number (WhatsApp works on it), not a fixed line. */
export function isMalawiMobile(phone: string | null | undefined): boolean {
  const normalized = phone ? normalizeMalawiPhone(phone) : null;
  return normalized !== null && MOBILE.test(normalized);
}

/**
 * Which mobile-money network gave out a number, by its prefix (docs/decisions/0081): Airtel 99x/98x; TNM 88x/89x/31x
 * (TNM's own number library, 2024, and MACRA's plan as libphonenumber lists it). Access (77x), fixed lines and
 * anything not a Malawi number: null. A number ported to the other network keeps its prefix, which only staff can
 * vouch for.
 */
export function mobileMoneyNetwork(phone: string | null | undefined): MobileMoney | null {
  const national = phone ? normalizeMalawiPhone(phone)?.slice(4) : undefined;
  if (!national) return null;
  if (/^9[89]/.test(national)) return 'airtel_money';
  if (/^(?:8[89]|31)/.test(national)) return 'tnm_mpamba';
  return null;
}

/** '+265 999 123 456' for display; a number stored under an older rule is shown as it was written. */
export function formatMalawiPhone(phone: string): string {
  const n = normalizeMalawiPhone(phone);
  return n ? `+265 ${n.slice(4, 7)} ${n.slice(7, 10)} ${n.slice(10)}` : phone;
}

export function telLink(phone: string): string {
  return `tel:${normalizeMalawiPhone(phone) ?? phone.replace(/[^\d+]/g, '')}`;
}

/** https://wa.me/265999123456?text=... (wa.me wants the number without + or spaces). */
export function whatsappLink(phone: string, text: string): string {
  const digits = (normalizeMalawiPhone(phone) ?? phone).replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
