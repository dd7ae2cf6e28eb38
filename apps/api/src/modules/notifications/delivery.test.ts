import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { africasTalkingTransport } from './africas-talking.js';
import { enqueueMessages } from './outbox.js';
import { idsOf, messageRow, startSmsGateway } from './testing.js';
import type { Transport } from './transport.js';
import { deliverDueMessages, LEASE_MS, MAX_ATTEMPTS } from './worker.js';

// On PostgreSQL each worker has its own connection pool, as separate server processes would; SQLite
// has one writer, so there the workers share the one database and take turns.
describe.each(engines)('delivery with several workers [%s]', (engine) => {
  let t: TestDb;
  let other: Db;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  const start = new Date('2026-03-02T08:00:00.000Z');
  const at = (ms: number) => new Date(start.getTime() + ms);
  const sms = (subjectId: number, body: string) => ({
    channel: 'sms' as const,
    recipient: '+265881234567',
    body,
    subjectType: 'seller_request',
    subjectId,
  });

  beforeAll(async () => {
    t = await createTestDb(engine);
    other = engine === 'postgres' ? t.connectAgain() : t.db;
    gateway = await startSmsGateway({ apiKey: 'key-1', username: 'mw' });
  });
  afterAll(async () => {
    await gateway.close();
    await t.dispose();
  });
  beforeEach(async () => {
    await t.db.kysely.deleteFrom('outbox_messages').execute();
    gateway.requests.length = 0;
    gateway.state.delayMs = 0;
  });

  const trials = engine === 'postgres' ? 3 : 1;
  it(`sends each of 20 messages exactly once while four workers run at once (${trials} trials)`, async () => {
    const transport = africasTalkingTransport({ apiKey: 'key-1', username: 'mw', apiUrl: gateway.url });
    // A slow gateway keeps the workers overlapping.
    gateway.state.delayMs = 10;
    for (let trial = 0; trial < trials; trial++) {
      gateway.requests.length = 0;
      const bodies = Array.from({ length: 20 }, (_, i) => `Trial ${trial} message ${i}`);
      await enqueueMessages(
        t.db.kysely,
        bodies.map((body) => sms(100 + trial, body)),
        start,
      );
      const reports = await Promise.all(
        // One number gets all 20: the per-number cap (sms-budget.test.ts) is set out of the way.
        [t.db, other, t.db, other].map((db) =>
          deliverDueMessages(db, [transport], start, { smsBudget: { perHour: 1000, perNumberDay: 1000 } }),
        ),
      );
      const sentBodies = gateway.requests.map((r) => r.form.message).sort();
      expect(sentBodies, `trial ${trial}`).toEqual([...bodies].sort());
      expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(20);
      const rows = await t.db.kysely
        .selectFrom('outbox_messages')
        .select(['state', 'attempts'])
        .where('subject_id', '=', 100 + trial)
        .execute();
      expect(rows).toHaveLength(20);
      expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
    }
    // On PostgreSQL the work really was shared between the two pools.
    if (engine === 'postgres') expect(gateway.requests.length).toBe(20);
  });

  /** A transport that never answers until released: a worker stuck or killed mid-send. */
  function stuckTransport() {
    let release = () => {};
    let markCalled = () => {};
    const called = new Promise<void>((resolve) => (markCalled = resolve));
    const transport: Transport = {
      channel: 'sms',
      send: () =>
        new Promise<void>((done) => {
          release = done;
          markCalled();
        }),
    };
    return { transport, called, release: () => release() };
  }

  it('sends a message again once the lease of a worker that stopped mid-send runs out', async () => {
    await enqueueMessages(t.db.kysely, [sms(200, 'Lease message')], start);
    const [id] = await idsOf(t.db, 'seller_request', 200);
    const stuck = stuckTransport();
    const first = deliverDueMessages(other, [stuck.transport], start);
    await stuck.called;
    expect(await messageRow(t.db, id!)).toMatchObject({
      state: 'sending',
      attempts: 1,
      next_attempt_at: at(LEASE_MS).toISOString(),
    });

    const transport = africasTalkingTransport({ apiKey: 'key-1', username: 'mw', apiUrl: gateway.url });
    // Within the lease nobody else takes it.
    expect(await deliverDueMessages(t.db, [transport], at(LEASE_MS - 1000))).toMatchObject({ sent: 0 });
    expect(gateway.requests).toHaveLength(0);
    // After it, another worker does.
    expect(await deliverDueMessages(t.db, [transport], at(LEASE_MS))).toMatchObject({ sent: 1 });
    expect(gateway.requests.map((r) => r.form.message)).toEqual(['Lease message']);
    const row = await messageRow(t.db, id!);
    expect(row).toMatchObject({ state: 'sent', attempts: 2, sent_at: at(LEASE_MS).toISOString() });

    // The stuck worker coming back late does not overwrite what the other one recorded.
    stuck.release();
    expect(await first).toMatchObject({ sent: 0, retried: 0, failed: 0 });
    expect(await messageRow(t.db, id!)).toEqual(row);
  });

  it('fails a message whose last attempt was interrupted, instead of trying a ninth time', async () => {
    await enqueueMessages(t.db.kysely, [sms(201, 'Last chance')], start);
    const [id] = await idsOf(t.db, 'seller_request', 201);
    await t.db.kysely
      .updateTable('outbox_messages')
      .set({ attempts: MAX_ATTEMPTS - 1, last_error: 'SMS gateway: answered 500: Internal Server Error' })
      .where('id', '=', id!)
      .execute();
    const stuck = stuckTransport();
    const first = deliverDueMessages(other, [stuck.transport], start);
    await stuck.called;
    expect((await messageRow(t.db, id!)).attempts).toBe(MAX_ATTEMPTS);

    const transport = africasTalkingTransport({ apiKey: 'key-1', username: 'mw', apiUrl: gateway.url });
    expect(await deliverDueMessages(t.db, [transport], at(LEASE_MS))).toMatchObject({ failed: 1, sent: 0 });
    expect(gateway.requests).toHaveLength(0);
    expect(await messageRow(t.db, id!)).toMatchObject({
      state: 'failed',
      attempts: MAX_ATTEMPTS,
      last_error: 'The previous attempt was interrupted (the server stopped while sending)',
    });
    stuck.release();
    await first;
  });
});
