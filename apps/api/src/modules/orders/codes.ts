import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
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

/**
 * With a client request id (the buyer's retry key), the token is derived from it and the order number,
 * so a retry after a lost answer can be given the same links again without the server keeping tokens.
 * The request id is 192 random bits only that browser knows, so the token is as unguessable.
 */
export function requestOrderToken(requestId: string, number: string): string {
  return createHmac('sha256', requestId).update(number).digest('base64url').slice(0, 32);
}

/** What is stored to find a request's orders again: a hash, as the request id derives their tokens. */
export function hashRequestId(requestId: string): string {
  return createHash('sha256').update(`request:${requestId}`).digest('hex');
}

export function hashOrderToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
