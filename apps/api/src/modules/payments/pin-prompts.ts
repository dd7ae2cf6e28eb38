import type { Transaction } from 'kysely';
import type { Engine } from '../../db/database.js';
import { lockKeys } from '../../db/advisory-lock.js';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { lastChargeTo } from '../ledger/index.js';

/** A phone gets at most one round of PIN prompts in this long (decision 0083). */
export const PROMPT_GAP_MINUTES = 10;

export const PROMPT_TOO_SOON =
  /*i18n*/ 'A payment prompt was sent to this phone a few minutes ago. Wait for it, try again in a few minutes, or pay at the shop.';

/**
 * Refuses a charge to a phone that was sent one less than PROMPT_GAP_MINUTES ago: a 429 whose Retry-After (and
 * `retry_at`) says when the next may go. Counted under a lock on the phone, in the caller's transaction, before it
 * writes its charge, so requests racing each other cannot both prompt. One checkout's charges (one per shop) are one
 * round: they are written together after this check.
 */
export async function refusePromptTooSoon(
  trx: Transaction<Database>,
  engine: Engine,
  phone: string,
  now: Date,
): Promise<void> {
  await lockKeys(trx, engine, [`pin-prompt:${phone}`]);
  const since = new Date(now.getTime() - PROMPT_GAP_MINUTES * 60_000).toISOString();
  const last = await lastChargeTo(trx, phone, since);
  if (!last) return;
  const retryAt = new Date(Date.parse(last.created_at) + PROMPT_GAP_MINUTES * 60_000);
  const error = new HttpError(429, PROMPT_TOO_SOON, undefined, {
    code: 'pin_prompt_too_soon',
    retry_at: retryAt.toISOString(),
  });
  error.headers = { 'Retry-After': String(Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000))) };
  throw error;
}
