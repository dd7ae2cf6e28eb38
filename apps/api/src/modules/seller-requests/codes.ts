import { createHash, randomBytes, randomInt } from 'node:crypto';
import { SELLER_REFERENCE_ALPHABET } from '@marketplace/shared';

/** 'S-7QK2M': short enough to read out on the phone; uniqueness is the database's unique index. */
export function newReference(): string {
  let code = '';
  for (let i = 0; i < 5; i++) code += SELLER_REFERENCE_ALPHABET[randomInt(SELLER_REFERENCE_ALPHABET.length)];
  return `S-${code}`;
}

/** The status link's secret: 192 random bits, 32 url-safe characters. Only its SHA-256 is stored. */
export function newStatusToken(): string {
  return randomBytes(24).toString('base64url');
}

export function hashStatusToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The national number's digits: '+265 (0) 999-123 456' and '0999 123 456' both give '999123456'. */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return (digits.startsWith('265') ? digits.slice(3) : digits).replace(/^0+/, '');
}
