import { outboxMessageSchema } from '@marketplace/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { enqueueMessages, messagesOf, type NewMessage } from './outbox.js';
import { idsOf, messageRow, minutes } from './testing.js';
import type { Transport } from './transport.js';
import { deliverDueMessages, reviveUnconfigured, type OutboxLog } from './worker.js';

const sms = (
  subjectId: number,
  body = 'Your item has an offer: MWK 150,000. See http://localhost/sell/status/abc',
): NewMessage => ({
  channel: 'sms',
  recipient: '+265991234567',
  body,
  subjectType: 'seller_request',
  subjectId,
});
const email = (subjectId: number): NewMessage => ({
  channel: 'email',
  recipient: 'seller@example.mw',
  subject: 'An offer for your item',
  body: `We offer MWK 150,000 for item ${subjectId}. Answer here: http://localhost/sell/status/abc`,
  subjectType: 'seller_request',
  subjectId,
});

/** Records what a transport was asked to send; it always succeeds. */
function recordingTransport(channel: Transport['channel']) {
  const sent: string[] = [];
  const transport: Transport = { channel, send: async (m) => void sent.push(m.body) };
  return { transport, sent };
}

function collectingLog() {
  const entries: { level: string; details: Record<string, unknown>; message: string }[] = [];
  const log: OutboxLog = {
    info: (details, message) => entries.push({ level: 'info', details: details as Record<string, unknown>, message }),
    warn: (details, message) => entries.push({ level: 'warn', details: details as Record<string, unknown>, message }),
    error: (details, message) => entries.push({ level: 'error', details: details as Record<string, unknown>, message }),
  };
  return { log, entries };
}

describe.each(engines)('the outbox [%s]', (engine) => {
  let t: TestDb;
  const now = new Date('2026-03-02T08:00:00.000Z');
  beforeAll(async () => {
    t = await createTestDb(engine);
  });
  afterAll(() => t.dispose());
  // Each test starts from an empty outbox: the worker takes every due message, not only a test's own.
  beforeEach(async () => {
    await t.db.kysely.deleteFrom('outbox_messages').execute();
  });

  it('writes messages with the transaction of the action: a rollback leaves none', async () => {
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await enqueueMessages(trx, [sms(1), email(1)], now);
        throw new Error('the action failed after writing its messages');
      }),
    ).rejects.toThrow('the action failed');
    expect(await messagesOf(t.db.kysely, 'seller_request', 1)).toEqual([]);

    await t.db.kysely.transaction().execute((trx) => enqueueMessages(trx, [sms(1), email(1)], now));
    const listed = await messagesOf(t.db.kysely, 'seller_request', 1);
    expect(listed.map((m) => outboxMessageSchema.parse(m))).toEqual([
      {
        id: expect.any(Number),
        channel: 'sms',
        recipient: '+265991234567',
        state: 'pending',
        attempts: 0,
        last_error: null,
        created_at: now.toISOString(),
        sent_at: null,
      },
      {
        id: expect.any(Number),
        channel: 'email',
        recipient: 'seller@example.mw',
        state: 'pending',
        attempts: 0,
        last_error: null,
        created_at: now.toISOString(),
        sent_at: null,
      },
    ]);
    // Another subject's list does not show them.
    expect(await messagesOf(t.db.kysely, 'seller_request', 2)).toEqual([]);
    expect(await messagesOf(t.db.kysely, 'order', 1)).toEqual([]);
    const row = await messageRow(t.db, listed[1]!.id);
    expect(row).toMatchObject({
      subject: 'An offer for your item',
      body: email(1).body,
      next_attempt_at: now.toISOString(),
      version: 1,
    });
  });

  it.each([
    [{ ...sms(3), recipient: '0991234567' }, 'E.164'],
    [{ ...sms(3), subject: 'Hi' }, 'no subject'],
    [{ ...email(3), subject: undefined }, 'subject'],
    [{ ...email(3), recipient: 'not-an-address' }, 'email address'],
    [{ ...sms(3), body: '  ' }, 'body'],
  ])('refuses a message built wrong, failing the action with it (%#)', async (message, problem) => {
    await expect(
      t.db.kysely.transaction().execute((trx) => enqueueMessages(trx, [sms(3), message as NewMessage], now)),
    ).rejects.toThrow(problem);
    expect(await messagesOf(t.db.kysely, 'seller_request', 3)).toEqual([]);
  });

  it('keeps a message of a channel with no transport: unconfigured, listed, logged once, nothing thrown', async () => {
    await enqueueMessages(t.db.kysely, [sms(4), email(4)], now);
    const { transport, sent } = recordingTransport('sms');
    const { log, entries } = collectingLog();
    const report = await deliverDueMessages(t.db, [transport], now, { log });
    expect(report).toMatchObject({ sent: 1, unconfigured: 1 });
    expect(sent).toEqual([sms(4).body]);
    const listed = await messagesOf(t.db.kysely, 'seller_request', 4);
    expect(listed.map((m) => [m.channel, m.state, m.attempts])).toEqual([
      ['sms', 'sent', 1],
      ['email', 'unconfigured', 0],
    ]);
    expect(listed[1]!.last_error).toBe('Not sent: no SMTP server is configured (SMTP_URL)');
    const kept = entries.filter((e) => e.message.startsWith('message kept in the outbox'));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.details).toMatchObject({
      channel: 'email',
      recipient: 'seller@example.mw',
      subject: 'An offer for your item',
      // Issue 35: the link's token masked; the whole body stays in the outbox for staff.
      body: 'We offer MWK 150,000 for item 4. Answer here: http://localhost/sell/status/***',
    });
    expect(JSON.stringify(kept[0]!.details)).not.toContain('/status/abc');

    // Later runs leave it where it is and do not log it again.
    expect(await deliverDueMessages(t.db, [transport], new Date(now.getTime() + minutes(60)), { log })).toMatchObject({
      sent: 0,
      unconfigured: 0,
    });
    expect(entries.filter((e) => e.message.startsWith('message kept in the outbox'))).toHaveLength(1);
    expect((await messageRow(t.db, listed[1]!.id)).state).toBe('unconfigured');
  });

  it('sends what waited once its channel is set up, if it is at most a week old', async () => {
    const old = new Date(now.getTime() - minutes(8 * 24 * 60));
    await enqueueMessages(t.db.kysely, [email(5)], old);
    await enqueueMessages(t.db.kysely, [email(5)], now);
    await deliverDueMessages(t.db, [], now);
    const [oldId, recentId] = await idsOf(t.db, 'seller_request', 5);
    expect((await messageRow(t.db, oldId!)).state).toBe('unconfigured');
    expect((await messageRow(t.db, recentId!)).state).toBe('unconfigured');

    const { transport, sent } = recordingTransport('email');
    // Without the server start's revival, configured transports leave unconfigured messages alone.
    await deliverDueMessages(t.db, [transport], now);
    expect(sent).toEqual([]);
    // Only the channels that now have a transport come back (sms has none here).
    expect(await reviveUnconfigured(t.db, [], now)).toBe(0);
    expect(await reviveUnconfigured(t.db, [transport], now)).toBeGreaterThanOrEqual(1);
    await deliverDueMessages(t.db, [transport], now);
    expect(await messageRow(t.db, recentId!)).toMatchObject({
      state: 'sent',
      attempts: 1,
      last_error: null,
      sent_at: now.toISOString(),
    });
    expect((await messageRow(t.db, oldId!)).state).toBe('unconfigured');
    expect(sent.filter((b) => b === email(5).body)).toHaveLength(1);
  });

  it('records a throwing transport on the message and carries on with the next one', async () => {
    await enqueueMessages(t.db.kysely, [sms(6, 'first'), sms(6, 'second')], now);
    const seen: string[] = [];
    const flaky: Transport = {
      channel: 'sms',
      send: async (m) => {
        seen.push(m.body);
        if (m.body === 'first')
          throw new Error('SMS gateway: answered 503: busy, see https://user:hunter2@gateway.example/status');
      },
    };
    const report = await deliverDueMessages(t.db, [flaky], now);
    expect(report).toMatchObject({ sent: 1, retried: 1 });
    expect(seen).toEqual(['first', 'second']);
    const [first, second] = await idsOf(t.db, 'seller_request', 6);
    const row = await messageRow(t.db, first!);
    expect(row).toMatchObject({
      state: 'pending',
      attempts: 1,
      next_attempt_at: new Date(now.getTime() + minutes(1)).toISOString(),
    });
    // Credentials in a quoted URL never reach the message.
    expect(row.last_error).toBe('SMS gateway: answered 503: busy, see https://***@gateway.example/status');
    expect((await messageRow(t.db, second!)).state).toBe('sent');
  });
});
