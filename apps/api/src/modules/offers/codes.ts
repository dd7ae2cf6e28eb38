import { createHmac, randomInt } from 'node:crypto';
import { ORDER_NUMBER_ALPHABET } from '@marketplace/shared';

/** 'O-4K7Q2MX': an offer's reference, read out on the phone (as returns' R- references). Not a secret. */
export function newOfferReference(): string {
  let code = '';
  for (let i = 0; i < 7; i++) code += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `O-${code}`;
}

/**
 * The buyer's private link's secret: an HMAC of the reference under the server's link key (as order messages'
 * links, decision 0060), so every later SMS can carry the same link while the database keeps only its SHA-256.
 * 192 bits of a keyed hash: guessing one is hopeless, and a guess costs a request of a rate-limited route.
 */
export function offerToken(key: string, reference: string): string {
  return createHmac('sha256', key).update(`offer:${reference}`).digest('base64url').slice(0, 32);
}
