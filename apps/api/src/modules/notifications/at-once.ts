import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { OutboxMessagesTable } from '../../db/schema.js';
import { messageIdOf } from './message-id.js';
import { updateMessage } from './repository.js';
import { safeText, SendRefused, type OutboxAlert, type Transport } from './transport.js';
import type { OutboxLog } from './worker.js';

/**
 * Messages sent in the request that causes them (a phone code: the buyer waits for it), never by the worker: one
 * still sending once its lease ends was interrupted mid-send, and the person was not told it went, so the worker
 * fails it instead of sending it late (docs/decisions/0088).
 */
export const SENT_AT_ONCE: ReadonlySet<string> = new Set(['phone_code']);

/** Why a message sent at once did not go: `refused` when the gateway said it never will (a bad number). */
type AtOnceFailure = { error: string; refused: boolean };

/**
 * Sends a message written by enqueueSentAtOnce, after its transaction committed, and records how it went: sent, or
 * failed with the gateway's words (never retried: the person who asked is answered and may ask again). A database
 * away after the send is logged, not thrown: the message went, and the worker fails the row once its lease ends.
 */
export async function sendAtOnce(
  db: Db,
  transport: Transport,
  row: Selectable<OutboxMessagesTable>,
  {
    now,
    log,
    alert = () => {},
  }: { now: Date; log: Pick<OutboxLog, 'warn' | 'error'>; alert?: (alert: OutboxAlert) => void },
): Promise<AtOnceFailure | undefined> {
  let failure: AtOnceFailure | undefined;
  try {
    await transport.send({ ...row, messageId: messageIdOf(row) });
  } catch (e) {
    const error = safeText(e instanceof Error ? e.message : String(e)) || 'Sending failed';
    failure = { error, refused: e instanceof SendRefused && !e.alert };
    const details = { messageId: row.id, channel: row.channel, subjectType: row.subject_type, error };
    if (e instanceof SendRefused && e.alert) {
      alert(e.alert);
      log.error({ ...details, alert: e.alert }, 'message sent at once failed: the gateway needs an operator');
    } else log.warn(details, 'message sent at once failed');
  }
  const changes = failure
    ? { state: 'failed' as const, last_error: failure.error }
    : { state: 'sent' as const, sent_at: now.toISOString(), last_error: null };
  try {
    await updateMessage(db.kysely, row.id, row.version, changes);
  } catch (error) {
    log.warn({ messageId: row.id, err: error }, 'message sent at once: how it went could not be recorded');
  }
  return failure;
}
