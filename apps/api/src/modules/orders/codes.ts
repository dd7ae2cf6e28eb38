import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readableCode } from '../auth/index.js';

/** 'MW-4K7Q2': read out on the phone, never used for access. */
export function newOrderNumber(): string {
  return readableCode('MW');
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
