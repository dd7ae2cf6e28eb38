import { randomInt } from 'node:crypto';
import { ORDER_NUMBER_ALPHABET } from '@marketplace/shared';

/**
 * 'R-4K7Q2MX': a return's reference, read out at the counter and on the phone, 7 characters without look-alikes
 * (as order numbers). Not a secret; uniqueness is the database's unique index (the insert draws again on a clash).
 */
export function newReturnReference(): string {
  let code = '';
  for (let i = 0; i < 7; i++) code += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `R-${code}`;
}
