import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { OutboxChannel, OutboxMessagesTable } from '../../db/schema.js';

export async function insertMessages(db: Executor, rows: Insertable<OutboxMessagesTable>[]) {
  if (rows.length > 0) await db.insertInto('outbox_messages').values(rows).execute();
}

export function insertMessage(db: Executor, row: Insertable<OutboxMessagesTable>) {
  return db.insertInto('outbox_messages').values(row).returningAll().executeTakeFirstOrThrow();
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

/** SMS let through the budget after `since` (to `recipient`, not counting staff's), and the oldest of them. */
export async function smsSpentSince(db: Executor, since: string, recipient?: string) {
  let query = db
    .selectFrom('outbox_messages')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('budget_at').as('oldest')])
    .where('channel', '=', 'sms')
    .where('budget_at', '>', since);
  if (recipient !== undefined) query = query.where('recipient', '=', recipient).where('staff_id', 'is', null);
  const row = await query.executeTakeFirstOrThrow();
  return { n: Number(row.n), oldest: row.oldest };
}

/** Messages by channel and state, for the metrics. */
export async function countMessagesByState(db: Executor) {
  const rows = await db
    .selectFrom('outbox_messages')
    .select((eb) => ['channel', 'state', eb.fn.countAll<number>().as('n')])
    .groupBy(['channel', 'state'])
    .execute();
  return rows.map((r) => ({ channel: r.channel, state: r.state, n: Number(r.n) }));
}

/** Messages about a subject written since a time, by subject or by recipient: for the caps on resends (orders). */
export async function messagesSince(
  db: Executor,
  {
    subjectType,
    column,
    value,
    since,
  }: { subjectType: string; column: 'subject_id' | 'recipient'; value: number | string; since: string },
): Promise<number> {
  const { n } = await db
    .selectFrom('outbox_messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('subject_type', '=', subjectType)
    .where(column, '=', value)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}
