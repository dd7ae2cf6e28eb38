import type { OutboxMessage } from '@marketplace/shared';
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { OutboxChannel, OutboxMessagesTable } from '../../db/schema.js';
import { insertMessage, insertMessages, messagesOfSubject } from './repository.js';

export interface NewMessage {
  channel: OutboxChannel;
  /** An E.164 phone number (+265...) for SMS, an email address for email. */
  recipient: string;
  /** Email only. */
  subject?: string;
  /** Plain text; links written out in full. */
  body: string;
  /** What the message is about, so its page lists it: ('seller_request', 12). */
  subjectType: string;
  subjectId: number;
  /** The staff member whose action causes it: not held by the per-number SMS cap (decision 0084). */
  staffId?: number | null | undefined;
  /** An SMS its caller let through the SMS budget in this transaction (a phone code): counted from now. */
  admitted?: boolean;
}

const E164 = /^\+[1-9]\d{7,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
/** Africa's Talking sends up to 1600 characters (split into several billed parts). */
const SMS_MAX = 1600;
const EMAIL_MAX = 20_000;

function problemWith(m: NewMessage): string | undefined {
  if (m.channel === 'sms') {
    if (!E164.test(m.recipient)) return 'an SMS goes to an E.164 number (+265...)';
    if (m.subject !== undefined) return 'an SMS has no subject';
    if (m.body.length > SMS_MAX) return `an SMS has at most ${SMS_MAX} characters`;
  } else if (m.channel === 'email') {
    if (!EMAIL.test(m.recipient) || m.recipient.length > 254) return 'an email goes to an email address';
    if (!m.subject?.trim() || m.subject.length > 200) return 'an email has a subject of 1 to 200 characters';
    if (m.body.length > EMAIL_MAX) return `an email has at most ${EMAIL_MAX} characters`;
  } else {
    return `unknown channel ${String(m.channel)}`;
  }
  if (!m.body.trim()) return 'a message has a body';
  if (!m.subjectType || m.subjectType.length > 40) return 'subjectType has 1 to 40 characters';
  if (!Number.isInteger(m.subjectId)) return 'subjectId is a whole number';
  return undefined;
}

/**
 * Writes messages to the outbox inside the caller's transaction, so they exist exactly when the action
 * that causes them commits. The delivery worker sends them from the first tick on; an SMS when the SMS budget
 * has room (sms-budget.ts).
 */
export async function enqueueMessages(db: Executor, messages: NewMessage[], now: Date): Promise<void> {
  await insertMessages(
    db,
    messages.map((m) => rowOf(m, now)),
  );
}

/**
 * Writes a message its caller sends itself, at once, after its transaction commits (at-once.ts: a phone code): it
 * is written as sending, its one attempt taken, with a lease of `leaseMs`, so the worker never takes it as due.
 */
export async function enqueueSentAtOnce(
  db: Executor,
  message: NewMessage,
  now: Date,
  leaseMs: number,
): Promise<Selectable<OutboxMessagesTable>> {
  return insertMessage(db, {
    ...rowOf(message, now),
    state: 'sending',
    attempts: 1,
    next_attempt_at: new Date(now.getTime() + leaseMs).toISOString(),
  });
}

function rowOf(m: NewMessage, now: Date): Insertable<OutboxMessagesTable> {
  // A message built wrong is a bug in the caller: it fails the caller's action (and its transaction) loudly.
  const problem = problemWith(m);
  if (problem) throw new Error(`Cannot enqueue message: ${problem}`);
  const at = now.toISOString();
  return {
    channel: m.channel,
    recipient: m.recipient,
    subject: m.channel === 'email' ? m.subject!.trim() : null,
    body: m.body,
    subject_type: m.subjectType,
    subject_id: m.subjectId,
    state: 'pending',
    next_attempt_at: at,
    created_at: at,
    budget_at: m.channel === 'sms' && m.admitted ? at : null,
    staff_id: m.staffId ?? null,
  };
}

/** Every message about one subject and where its delivery stands, oldest first (staff's view). */
export async function messagesOf(db: Executor, subjectType: string, subjectId: number): Promise<OutboxMessage[]> {
  return messagesOfSubject(db, subjectType, subjectId);
}
