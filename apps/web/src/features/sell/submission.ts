import { sellerReferencePattern, sellerTokenPattern } from '@marketplace/shared';
import { readStorage, writeStorage } from '../../lib/storage';

// The reference and the private link are given once, by the submission's answer. They travel to
// /sell/success in the navigation state and are kept in sessionStorage so a reload of that page still
// shows them (sessionStorage: they go when the tab closes, and no other tab or site can read them).
const KEY = 'sell-submitted';

/** What /sell/success shows of a submission: how to name it on the phone and how to follow it. */
export interface Submitted {
  reference: string;
  status_token: string;
  /** Submitted by a logged-in seller: it is in their account. */
  in_account: boolean;
}

/** The two fields, when `value` holds them in the right shape; anything else is no submission. */
export function submittedOf(value: unknown): Submitted | null {
  if (!value || typeof value !== 'object') return null;
  const { reference, status_token, in_account } = value as Record<string, unknown>;
  if (typeof reference !== 'string' || !sellerReferencePattern.test(reference)) return null;
  if (typeof status_token !== 'string' || !sellerTokenPattern.test(status_token)) return null;
  return { reference, status_token, in_account: in_account === true };
}

/** Keeps the latest submission for /sell/success (null forgets an older one, so it is never shown for a new item). */
export function rememberSubmitted(submitted: Submitted | null): void {
  // Storage off or full: the page still gets the navigation state; only a reload forgets it.
  writeStorage(KEY, submitted && JSON.stringify(submitted), 'sessionStorage');
}

export function readSubmitted(): Submitted | null {
  try {
    return submittedOf(JSON.parse(readStorage(KEY, 'sessionStorage') ?? 'null'));
  } catch {
    return null;
  }
}

/** The status page's address, whole, so it can be copied and kept. */
export function statusPath(token: string): string {
  return `/sell/status/${encodeURIComponent(token)}`;
}
