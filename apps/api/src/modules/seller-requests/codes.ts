import { createHmac } from 'node:crypto';
import { readableCode } from '../auth/index.js';

/** 'S-7QK2M': read out on the phone, never used for access. */
export function newReference(): string {
  return readableCode('S');
}

/**
 * The status link's secret: 32 url-safe characters (192 bits) of an HMAC of the reference under the
 * server's link key (links.ts). Only its SHA-256 is stored; the key lets messages carry the link later.
 */
export function statusToken(key: string, reference: string): string {
  return createHmac('sha256', key).update(`seller-request:${reference}`).digest('base64url').slice(0, 32);
}

/** '+265999123456' for a Malawi mobile or landline written any way the sell form allows; null otherwise. */
export function smsNumber(phone: string): string | null {
  const key = phoneKey(phone);
  return /^[1-9]\d{8}$/.test(key) ? `+265${key}` : null;
}

/** The national number's digits: '+265 (0) 999-123 456' and '0999 123 456' both give '999123456'. */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return (digits.startsWith('265') ? digits.slice(3) : digits).replace(/^0+/, '');
}
