// Zod-free on purpose: public screens import these helpers without loading zod (phone-field.ts holds
// the form/route field).
// Malawi numbers: +265 or 0, then 9 digits (mobile: 88x/89x TNM, 99x/98x Airtel), spaces allowed.
export const MALAWI_PHONE_MESSAGE = /*i18n*/ 'Enter a Malawi phone number: +265 or 0 followed by 9 digits';
const MALAWI_PHONE = /^(?:\+265|0)\d{9}$/;

/** '+265 999 123 456', '0999123456' -> '+265999123456'; anything else -> null. */
export function normalizeMalawiPhone(input: string): string | null {
  const compact = input.replace(/\s+/g, '');
  if (!MALAWI_PHONE.test(compact)) return null;
  return compact.startsWith('+265') ? compact : `+265${compact.slice(1)}`;
}

/** A mobile number (WhatsApp works on it): 9 digits after 265 starting with 8 or 9. */
export function isMalawiMobile(phone: string | null | undefined): boolean {
  const normalized = phone ? normalizeMalawiPhone(phone) : null;
  return normalized !== null && /^\+265[89]/.test(normalized);
}

/** '+265 999 123 456' for display. */
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
