import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { withOutage } from '../../test/outage.js';
import { messageIdOf } from './message-id.js';
import { enqueueMessages } from './outbox.js';
import { smtpTransport } from './smtp.js';
import { idsOf, messageRow, startSmtpServer } from './testing.js';
import type { Transport } from './transport.js';
import { UnrecordedSends } from './unrecorded.js';
import { deliverDueMessages, LEASE_MS } from './worker.js';

// docs/decisions/0076: a message keeps one Message-ID for all its attempts, and a send that succeeded while
// the database was away is recorded when it returns instead of being sent again after the lease.

describe.each(engines)('the outbox through a database outage [%s]', (engine) => {
  let t: TestDb;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let transport: Transport;
  const start = new Date('2026-03-02T08:00:00.000Z');
  const at = (ms: number) => new Date(start.getTime() + ms);
  const email = (subjectId: number, body: string) => ({
    channel: 'email' as const,
    recipient: 'thoko@example.mw',
    subject: 'Your item',
    body,
    subjectType: 'seller_request',
    subjectId,
  });

  beforeAll(async () => {
    t = await createTestDb(engine);
    smtp = await startSmtpServer();
    transport = smtpTransport({ url: smtp.url(), from: 'Marketplace Malawi <no-reply@marketplace.mw>' });
  });
  afterAll(async () => {
    await smtp.close();
    await t.dispose();
  });
  beforeEach(async () => {
    await t.db.kysely.deleteFrom('outbox_messages').execute();
    smtp.received.length = 0;
  });

  it('records a send made while the database was away once it returns, and never sends it again', async () => {
    await enqueueMessages(t.db.kysely, [email(300, 'Sent during the outage')], start);
    const [id] = await idsOf(t.db, 'seller_request', 300);
    const { db, state } = withOutage(t.db);
    const unrecorded = new UnrecordedSends();
    // The database goes away while the message is on its way: the SMTP server takes it, the record fails.
    const goingAway: Transport = {
      channel: 'email',
      send: async (message) => {
        await transport.send(message);
        state.down = true;
      },
    };
    await expect(deliverDueMessages(db, [goingAway], start, { unrecorded })).rejects.toThrow(/ECONNREFUSED/);
    expect(smtp.received).toHaveLength(1);
    expect(unrecorded.size).toBe(1);

    // Still away on the next ticks: nothing recorded, nothing sent.
    await expect(deliverDueMessages(db, [transport], at(10_000), { unrecorded })).rejects.toThrow(/ECONNREFUSED/);
    // The database returns after the lease ran out: this process records its send before anything is due.
    state.down = false;
    expect(await messageRow(t.db, id!)).toMatchObject({ state: 'sending' });
    const report = await deliverDueMessages(db, [transport], at(LEASE_MS + 60_000), { unrecorded });
    expect(report).toMatchObject({ sent: 1, retried: 0 });
    expect(unrecorded.size).toBe(0);
    expect(await messageRow(t.db, id!)).toMatchObject({
      state: 'sent',
      attempts: 1,
      sent_at: start.toISOString(),
      last_error: null,
    });
    expect(smtp.received).toHaveLength(1);
    // Another process finds nothing left to send either.
    expect(await deliverDueMessages(t.db, [transport], at(LEASE_MS + 120_000))).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('does not send a held message again while its record waits for its next try', async () => {
    await enqueueMessages(t.db.kysely, [email(301, 'Held')], start);
    const [id] = await idsOf(t.db, 'seller_request', 301);
    const { db, state } = withOutage(t.db);
    const unrecorded = new UnrecordedSends();
    const goingAway: Transport = {
      channel: 'email',
      send: async (message) => {
        await transport.send(message);
        state.down = true;
      },
    };
    await expect(deliverDueMessages(db, [goingAway], start, { unrecorded })).rejects.toThrow();
    state.down = false;
    // Its next try to record waits for the backoff; meanwhile the message is due (lease over) but held here.
    unrecorded.hold(
      id!,
      (await messageRow(t.db, id!)).version,
      start.toISOString(),
      at(LEASE_MS + 10_000).getTime() + 60_000,
    );
    expect(await deliverDueMessages(db, [transport], at(LEASE_MS + 10_000), { unrecorded })).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(unrecorded.holds(id!)).toBe(true);
  });

  it('gives every attempt of a message the same Message-ID, so a copy after a kill mid-send can be dropped', async () => {
    await enqueueMessages(t.db.kysely, [email(302, 'Killed mid-send')], start);
    const [id] = await idsOf(t.db, 'seller_request', 302);
    // A process that sent and was killed before it could record: its worker never comes back.
    const killed: Transport = {
      channel: 'email',
      send: async (message) => {
        await transport.send(message);
        throw new Error('never reached: the process is gone');
      },
    };
    // (Recorded as a failed attempt here; a killed process would leave it sending. Either way it is sent again.)
    await deliverDueMessages(t.db, [killed], start);
    await deliverDueMessages(t.db, [transport], at(LEASE_MS + 60 * 60_000));
    expect(smtp.received).toHaveLength(2);
    const [first, again] = smtp.received.map((m) => m.headers['message-id']);
    expect(first).toBe(`<${messageIdOf(await messageRow(t.db, id!))}@marketplace.mw>`);
    expect(again).toBe(first);
    // Another message has another.
    await enqueueMessages(t.db.kysely, [email(303, 'Another')], start);
    await deliverDueMessages(t.db, [transport], at(2 * LEASE_MS + 60 * 60_000));
    expect(smtp.received[2]!.headers['message-id']).not.toBe(first);
  });
});
