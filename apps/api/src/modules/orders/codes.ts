import { createHash, randomBytes, randomInt } from 'node:crypto';
import { ORDER_NUMBER_ALPHABET } from '@marketplace/shared';

/** 'MW-4K7Q2': short enough to read out on the phone; uniqueness is the database's unique index. */
export function newOrderNumber(): string {
  let code = '';
  for (let i = 0; i < 5; i++) code += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `MW-${code}`;
}

/** The private link's secret: 192 random bits, 32 url-safe characters. Only its SHA-256 is stored. */
export function newOrderToken(): string {
  return randomBytes(24).toString('base64url');
}

export function hashOrderToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
