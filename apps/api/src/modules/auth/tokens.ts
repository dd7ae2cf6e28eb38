import { createHash, randomBytes, randomInt } from 'node:crypto';
import { ORDER_NUMBER_ALPHABET } from '@marketplace/shared';

/** 256 random bits; only its SHA-256 is stored, so a leaked sessions table opens no session. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 every secret link and session token is stored as. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * 'MW-4K7Q2', 'S-7QK2M': 5 characters without look-alikes, short enough to read out on the phone. Not a
 * secret; uniqueness is the database's unique index (callers draw again on a clash).
 */
export function readableCode(prefix: string): string {
  let code = '';
  for (let i = 0; i < 5; i++) code += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `${prefix}-${code}`;
}

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
export const TOUCH_EVERY_MS = 60 * 1000;
