import { createHash } from 'node:crypto';

/** What a message's id is made from: fields the row has from the start and never changes. */
interface Identified {
  id: number;
  created_at: string;
  recipient: string;
}

/**
 * One id for a message and all its attempts (docs/decisions/0076): an email sent again after an attempt the
 * server could not record (killed mid-send, the database away) carries the same Message-ID, so mail systems
 * drop the copy. Derived from the row rather than stored: no migration, and rows written before it have one
 * too. The creation time and recipient make it differ between databases whose row ids start over (a restore,
 * a reinstall), and the hash keeps them out of the header.
 */
export function messageIdOf(row: Identified): string {
  return createHash('sha256').update(`outbox:${row.id}:${row.created_at}:${row.recipient}`).digest('hex').slice(0, 32);
}
