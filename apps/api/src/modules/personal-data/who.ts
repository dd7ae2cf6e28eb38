/** The person asked about: a normalised phone (+265...) or a lower-cased email, never both. */
export type { Person } from '@marketplace/shared';

/** The national digits seller requests also keep their phone by (seller-requests/codes.ts phoneKey). */
export const nationalDigits = (phone: string) => phone.replace(/^\+265/, '');
