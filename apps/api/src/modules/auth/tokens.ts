import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits; only its SHA-256 is stored, so a leaked sessions table opens no session. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
export const TOUCH_EVERY_MS = 60 * 1000;
