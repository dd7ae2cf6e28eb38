// Zod-free on purpose: the checkout imports these without loading zod (phone-proof-schemas.ts holds the shapes).

/** A code sent by SMS proves a buyer's phone before an unpaid reservation (docs/decisions/0035). */
export const PHONE_CODE_PATTERN = /^\d{6}$/;
export const PHONE_CODE_MESSAGE = /*i18n*/ 'Enter the 6-digit code from the SMS';
/** The `code` of the 403 a reservation gets without a valid code or phone token. */
export const PHONE_UNVERIFIED = 'phone_unverified';
