import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Database, OutboxChannel, OutboxMessagesTable } from '../../db/schema.js';

export async function insertMessages(db: Executor, rows: Insertable<OutboxMessagesTable>[]) {
  if (rows.length > 0) await db.insertInto('outbox_messages').values(rows).execute();
}

/** A subject's messages, oldest first, as staff see them. */
export function messagesOfSubject(db: Executor, subjectType: string, subjectId: number) {
  return db
    .selectFrom('outbox_messages')
    .select(['id', 'channel', 'recipient', 'state', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .orderBy('id')
    .execute();
}

/**
 * Messages a worker may take now: pending ones whose (next) attempt is due, and sending ones whose
 * worker's lease ran out (it stopped mid-send). Oldest due first.
 */
export async function dueMessageIds(db: Executor, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('outbox_messages')
    .select('id')
    .where('state', 'in', ['pending', 'sending'])
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Claims one due message inside the caller's transaction. On PostgreSQL the row is locked and one
 * another process holds is skipped (that process is taking it); SQLite has one writer, so the read in
 * the write transaction is already exclusive. Not due any more (taken meanwhile): undefined.
 */
export function claimDueMessage(trx: Transaction<Database>, lock: boolean, id: number, now: string) {
  const query = trx
    .selectFrom('outbox_messages')
    .selectAll()
    .where('id', '=', id)
    .where('state', 'in', ['pending', 'sending'])
    .where('next_attempt_at', '<=', now);
  return (lock ? query.forUpdate().skipLocked() : query).executeTakeFirst();
}

/** Changes a message only if it is still at the version its worker read; false when someone else moved it. */
export async function updateMessage(
  db: Executor,
  id: number,
  version: number,
  changes: Omit<Updateable<OutboxMessagesTable>, 'id' | 'version'>,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ ...changes, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Unconfigured messages of the given channels created since `since` become due again at `now`. */
export async function requeueUnconfigured(
  db: Executor,
  channels: OutboxChannel[],
  since: string,
  now: string,
): Promise<number> {
  if (channels.length === 0) return 0;
  const result = await db
    .updateTable('outbox_messages')
    .set((eb) => ({ state: 'pending', next_attempt_at: now, last_error: null, version: eb('version', '+', 1) }))
    .where('state', '=', 'unconfigured')
    .where('channel', 'in', channels)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
