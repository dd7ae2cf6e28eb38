import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';

// What personal-data finds and erases of the messages sent to or about a person (docs/decisions/0078). An erased
// message is kept as having been sent, without to whom or what it said (recipient '').

const ERASED = { recipient: '', subject: null, body: '', last_error: null };

/** Messages to any of the addresses (lower-cased), or about the orders or seller requests. */
export async function findMessagesOfPerson(
  db: Executor,
  { recipients, orderIds, requestIds }: { recipients: string[]; orderIds: number[]; requestIds: number[] },
) {
  return db
    .selectFrom('outbox_messages')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'state', 'created_at'])
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(recipient)`, 'in', recipients),
        eb.and([eb('subject_type', '=', 'order'), eb('subject_id', 'in', [0, ...orderIds])]),
        eb.and([eb('subject_type', '=', 'seller_request'), eb('subject_id', 'in', [0, ...requestIds])]),
      ]),
    )
    .where('recipient', '<>', '')
    .orderBy('id')
    .execute();
}

/** The numbers SMS were sent to that end in these digits, as the transports were given them. */
export async function smsRecipientsEndingIn(db: Executor, digits: string): Promise<string[]> {
  const sent = await db
    .selectFrom('outbox_messages')
    .select('recipient')
    .distinct()
    .where('channel', '=', 'sms')
    .where('recipient', 'like', `%${digits}`)
    .execute();
  return sent.map((r) => r.recipient);
}

/** Erases the messages about these subjects (orders, requests, alerts, transfer requests). */
export async function eraseMessagesAbout(db: Executor, subjectType: string, ids: number[]) {
  await db
    .updateTable('outbox_messages')
    .set(ERASED)
    .where('subject_type', '=', subjectType)
    .where('subject_id', 'in', ids)
    .where('recipient', '<>', '')
    .execute();
}

/** Erases the messages sent to any of these addresses (a phone as sent, an email in any case); answers how many. */
export async function eraseMessagesTo(db: Executor, recipients: string[]): Promise<number> {
  if (recipients.length === 0) return 0;
  const changed = await db
    .updateTable('outbox_messages')
    .set(ERASED)
    .where(sql<string>`lower(recipient)`, 'in', recipients)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows);
}

/** Erases the messages made before `cutoff` that are done with (sent, failed or never configured); answers how many. */
export async function eraseMessagesDoneBefore(db: Executor, cutoff: string): Promise<number> {
  const changed = await db
    .updateTable('outbox_messages')
    .set(ERASED)
    .where('recipient', '<>', '')
    .where('state', 'in', ['sent', 'failed', 'unconfigured'])
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows);
}
