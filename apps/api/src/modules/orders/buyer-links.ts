import { createHmac } from 'node:crypto';
import { hashToken } from '../auth/index.js';
import type { Executor } from '../../db/database.js';
import { storeLinkHash } from './repository/buyer-messages.js';

/** The server's link key (shared with sellers' links) and the public address order links start with. */
export interface OrderLinks {
  /** Read before a transaction opens (SQLite has one connection). */
  key(): Promise<string>;
  url(token: string): string;
}

export function orderLinks(key: () => Promise<string>, publicUrl: string): OrderLinks {
  return { key, url: (token) => `${publicUrl}/order/${token}` };
}

/**
 * The link every message to the buyer carries (docs/decisions/0060): an HMAC of the order number under the server's
 * key, so a message sent days later, or a resend, can carry a working link while the database keeps only its hash
 * (`link_hash`). The link given at checkout stays stored as `token_hash` and keeps working beside it.
 */
export function messageToken(key: string, number: string): string {
  return createHmac('sha256', key).update(`order:${number}`).digest('base64url').slice(0, 32);
}

/** The message link of an order, its hash stored the first time it is needed (orders placed before 0060). */
export async function messageLink(db: Executor, links: OrderLinks, key: string, order: { id: number; number: string }) {
  const token = messageToken(key, order.number);
  await storeLinkHash(db, order.id, hashToken(token));
  return links.url(token);
}
