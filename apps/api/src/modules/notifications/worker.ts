import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { OutboxChannel, OutboxMessagesTable } from '../../db/schema.js';
import { claimDue, dueIds, type Due } from '../../db/sweep.js';
import { SENT_AT_ONCE } from './at-once.js';
import { maskedBody } from './masked.js';
import { messageIdOf } from './message-id.js';
import { requeueUnconfigured, updateMessage } from './repository.js';
import { admitSms, SMS_BUDGET_DEFAULTS, type SmsBudget } from './sms-budget.js';
import { safeText, SendRefused, type OutboxAlert, type Transport } from './transport.js';
import { UnrecordedSends } from './unrecorded.js';

/** Attempts before a message is given up as failed: with the backoff below, about two hours of trying. */
export const MAX_ATTEMPTS = 8;
/** How long a worker holds a message it is sending; after that another worker may take it (the first one stopped). */
export const LEASE_MS = 5 * 60_000;
/** Unconfigured messages younger than this are sent once their channel is set up; older news stays unsent. */
const REVIVE_WITHIN_MS = 7 * 24 * 3600_000;
const RETRY_BASE_MS = 60_000;
const RETRY_CAP_MS = 60 * 60_000;
/** Messages read per query; a delivery reads again while the last read was full. */
const BATCH = 50;
/**
 * Sends in flight per transport in one process (OUTBOX_CONCURRENCY): Africa's Talking and SMTP servers take parallel
 * requests, and one at a time a process sent about 2 messages a second (issue 36). 40 drains over 50 SMS a second
 * from one SQLite process through a gateway answering in 0.4-0.8 s (apps/api/bench/outbox.mjs).
 */
export const OUTBOX_CONCURRENCY = 40;
/**
 * Messages a worker may take now: pending ones whose (next) attempt is due, and sending ones whose
 * worker's lease ran out (it stopped mid-send). Oldest due first.
 */
const DUE_MESSAGES: Due<'outbox_messages'> = {
  table: 'outbox_messages',
  status: 'state',
  statuses: ['pending', 'sending'],
  dueAt: 'next_attempt_at',
};

/** Wait after the n-th failed attempt: 1, 2, 4, 8, 16, 32 minutes, then at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_CAP_MS);
}

/** Shown to staff on a message the budget holds back (decision 0084). */
const WAITING_HOUR = 'Waiting: the SMS budget for this hour is spent (SMS_MAX_PER_HOUR)';
const WAITING_NUMBER = 'Waiting: this number had its SMS for the day (SMS_MAX_PER_NUMBER_PER_DAY)';

const INTERRUPTED_AT_ONCE =
  'Sent at once by its request, which stopped before saying how it went: not sent again (a new code is asked for)';

const SETTINGS: Record<OutboxChannel, string> = {
  email: 'no SMTP server is configured (SMTP_URL)',
  sms: 'no SMS gateway is configured (SMS_API_KEY, SMS_USERNAME)',
};

export interface OutboxLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
const silent: OutboxLog = { info: () => {}, warn: () => {}, error: () => {} };

export interface DeliveryReport {
  sent: number;
  /** Failed this time, tried again later. */
  retried: number;
  failed: number;
  unconfigured: number;
  /** SMS kept pending because the SMS budget is spent: they go once it has room. */
  waiting: number;
}

type Row = Selectable<OutboxMessagesTable>;
type Claim =
  | { kind: 'send'; row: Row; transport: Transport }
  | { kind: 'unconfigured'; row: Row }
  | { kind: 'failed'; row: Row }
  | { kind: 'waiting'; row: Row; spent: 'hour' | 'number'; until: string }
  | undefined;

/**
 * Delivers the messages due at `now`, several at once: each is claimed in a short transaction (marked sending, with a
 * lease), sent outside it with up to `concurrency` others of its transport, then marked sent or given a later retry.
 * Claims go on while a transport has room, so a backlog drains in one call. Safe with several processes: a message
 * is claimed by one of them only, so it is sent once, and each process takes what the others have not; one whose
 * process stopped mid-send is taken again when its lease ends. A gateway's failure is recorded on the message, never
 * thrown; only a database failure is, once the sends in flight have settled.
 */
export async function deliverDueMessages(
  db: Db,
  transports: Transport[],
  now: Date,
  {
    log = silent,
    batch = BATCH,
    unrecorded = new UnrecordedSends(),
    alert = () => {},
    smsBudget = SMS_BUDGET_DEFAULTS,
    concurrency = OUTBOX_CONCURRENCY,
    stopping = () => false,
  }: {
    log?: OutboxLog;
    batch?: number;
    /** Sends in flight per transport (OUTBOX_CONCURRENCY). */
    concurrency?: number;
    /** True once the server is closing: no more claims, the sends in flight settle (a backlog does not hold a stop). */
    stopping?: () => boolean;
    /** Sends the database did not take yet (the server keeps one for its whole run; see unrecorded.ts). */
    unrecorded?: UnrecordedSends;
    /** Told of a refusal an operator must act on (the metrics count it). */
    alert?: (alert: OutboxAlert) => void;
    /** SMS_MAX_PER_HOUR and SMS_MAX_PER_NUMBER_PER_DAY (decision 0084). */
    smsBudget?: SmsBudget;
  } = {},
): Promise<DeliveryReport> {
  const byChannel = new Map(transports.map((t) => [t.channel, t]));
  const at = now.toISOString();
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, unconfigured: 0, waiting: 0 };
  // First what was sent while the database was away, so that none of it is taken as due again below.
  report.sent += await unrecorded.record(db, now.getTime(), log);
  // The sends in flight, per channel: a claim waits for room in its transport's lane.
  const lanes = new Map<OutboxChannel, Set<Promise<void>>>(transports.map((t) => [t.channel, new Set()]));
  let broken: { error: unknown } | undefined;
  try {
    for (;;) {
      const ids = await dueIds(db.kysely, DUE_MESSAGES, at, batch);
      let claimed = 0;
      for (const id of ids) {
        if (broken || stopping()) break;
        const claim = await claimOne(id);
        if (!claim) continue;
        claimed++;
        if (claim.kind !== 'send') {
          noteUnsent(claim);
          continue;
        }
        const lane = lanes.get(claim.row.channel)!;
        while (lane.size >= concurrency) await Promise.race(lane);
        const sending: Promise<void> = settle(db, claim.row, claim.transport, {
          at,
          now,
          report,
          log,
          unrecorded,
          alert,
        })
          .catch((error: unknown) => {
            // A database failure: no more claims; thrown once the sends in flight are settled.
            broken ??= { error };
          })
          .finally(() => lane.delete(sending));
        lane.add(sending);
      }
      // What was due at `now` is all taken (or another process holds the rest); later messages wait for the next call.
      if (broken || stopping() || ids.length < batch || claimed === 0) break;
    }
  } finally {
    await Promise.all([...lanes.values()].flatMap((lane) => [...lane]));
  }
  if (broken) throw broken.error;
  return report;

  async function claimOne(id: number): Promise<Claim> {
    // Sent already; only its record waits for the database.
    if (unrecorded.holds(id)) return undefined;
    return db.kysely.transaction().execute(async (trx): Promise<Claim> => {
      const row = await claimDue(trx, DUE_MESSAGES, { lock: db.engine === 'postgres', id, at });
      // Gone from the due list meanwhile: another process has it.
      if (!row) return undefined;
      // Sent at once by a request that stopped mid-send: its person was never told it went, and asks again.
      if (row.state === 'sending' && SENT_AT_ONCE.has(row.subject_type)) {
        await updateMessage(trx, row.id, row.version, { state: 'failed', last_error: INTERRUPTED_AT_ONCE });
        return { kind: 'failed', row };
      }
      const transport = byChannel.get(row.channel);
      if (!transport) {
        await updateMessage(trx, row.id, row.version, {
          state: 'unconfigured',
          last_error: `Not sent: ${SETTINGS[row.channel]}`,
        });
        return { kind: 'unconfigured', row };
      }
      // Still sending: the worker that had it stopped before it could say how the attempt went.
      const interrupted =
        row.state === 'sending'
          ? 'The previous attempt was interrupted (the server stopped while sending)'
          : row.last_error;
      if (row.attempts >= MAX_ATTEMPTS) {
        await updateMessage(trx, row.id, row.version, { state: 'failed', last_error: interrupted });
        return { kind: 'failed', row };
      }
      // An SMS is counted once, when first let through; a retry of it is not counted again.
      let budgetAt = row.budget_at;
      if (row.channel === 'sms' && budgetAt === null) {
        const admission = await admitSms(trx, {
          engine: db.engine,
          budget: smsBudget,
          recipient: row.recipient,
          byStaff: row.staff_id !== null,
          now,
        });
        if (!admission.ok) {
          // Kept, not failed: it goes when the budget has room, without using up one of its attempts.
          const until = admission.until.toISOString();
          await updateMessage(trx, row.id, row.version, {
            next_attempt_at: until,
            last_error: admission.spent === 'hour' ? WAITING_HOUR : WAITING_NUMBER,
          });
          return { kind: 'waiting', row, spent: admission.spent, until };
        }
        budgetAt = at;
      }
      const attempts = row.attempts + 1;
      await updateMessage(trx, row.id, row.version, {
        state: 'sending',
        attempts,
        next_attempt_at: new Date(now.getTime() + LEASE_MS).toISOString(),
        last_error: interrupted,
        budget_at: budgetAt,
      });
      return { kind: 'send', row: { ...row, attempts, version: row.version + 1 }, transport };
    });
  }

  function noteUnsent(claim: Exclude<Claim, { kind: 'send' } | undefined>) {
    if (claim.kind === 'unconfigured') {
      report.unconfigured++;
      // What it is about, with codes and links masked: a log is read by more people than the outbox, and the
      // whole message stays in the outbox for staff to pass on by hand.
      const { id: messageId, channel, recipient, subject, body } = claim.row;
      log.warn(
        { messageId, channel, recipient, subject, body: maskedBody(body) },
        `message kept in the outbox: ${SETTINGS[channel]}`,
      );
      return;
    }
    if (claim.kind === 'waiting') {
      report.waiting++;
      const { spent, until } = claim;
      log.warn({ messageId: claim.row.id, spent, until }, 'SMS kept in the outbox: the SMS budget is spent');
      return;
    }
    if (claim.kind === 'failed') {
      report.failed++;
      log.warn({ messageId: claim.row.id, channel: claim.row.channel }, 'message failed: no attempts left');
    }
  }
}

interface Settling {
  at: string;
  now: Date;
  report: DeliveryReport;
  log: OutboxLog;
  unrecorded: UnrecordedSends;
  alert: (alert: OutboxAlert) => void;
}

async function settle(db: Db, row: Row, transport: Transport, { at, now, report, log, unrecorded, alert }: Settling) {
  let error: string | undefined;
  let refused: SendRefused | undefined;
  try {
    await transport.send({ ...row, messageId: messageIdOf(row) });
  } catch (e) {
    error = safeText(e instanceof Error ? e.message : String(e)) || 'Sending failed';
    if (e instanceof SendRefused) refused = e;
  }
  let changed: boolean;
  if (error === undefined) {
    try {
      changed = await updateMessage(db.kysely, row.id, row.version, { state: 'sent', sent_at: at, last_error: null });
    } catch (failure) {
      // Sent, but the database is away: kept here and recorded when it returns, not sent again (unrecorded.ts).
      unrecorded.hold(row.id, row.version, at, now.getTime());
      log.warn({ messageId: row.id, err: failure }, 'outbox: message sent but not recorded; recording it later');
      throw failure;
    }
    if (changed) report.sent++;
  } else if (refused || row.attempts >= MAX_ATTEMPTS) {
    changed = await updateMessage(db.kysely, row.id, row.version, { state: 'failed', last_error: error });
    if (changed) report.failed++;
    const details = { messageId: row.id, channel: row.channel, attempts: row.attempts, error };
    if (refused?.alert) {
      alert(refused.alert);
      log.error({ ...details, alert: refused.alert }, 'message failed: the gateway needs an operator');
    } else log.warn(details, refused ? 'message failed: the gateway refused it' : 'message failed: no attempts left');
  } else {
    const next = new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString();
    changed = await updateMessage(db.kysely, row.id, row.version, {
      state: 'pending',
      next_attempt_at: next,
      last_error: error,
    });
    if (changed) report.retried++;
    log.info(
      { messageId: row.id, channel: row.channel, attempts: row.attempts, next, error },
      'message not sent; will retry',
    );
  }
  // Only when a send outlived its lease and another worker took the message meanwhile.
  if (!changed) log.warn({ messageId: row.id }, 'message was taken by another worker while this one was sending');
}

/**
 * Makes recent unconfigured messages of the channels that now have a transport due again: a server
 * started with SMTP_URL (or the SMS settings) newly set sends what waited, if it is at most a week old.
 */
export async function reviveUnconfigured(db: Db, transports: Transport[], now: Date): Promise<number> {
  const channels = [...new Set(transports.map((t) => t.channel))];
  return requeueUnconfigured(
    db.kysely,
    channels,
    new Date(now.getTime() - REVIVE_WITHIN_MS).toISOString(),
    now.toISOString(),
  );
}
