import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { enqueueMessages, type NewMessage } from './outbox.js';
import type { Transport } from './transport.js';
import { deliverDueMessages } from './worker.js';

const BUDGET = { perHour: 10_000, perNumberDay: 1000 };
let n = 0;
const sms = (): NewMessage => ({
  channel: 'sms',
  recipient: `+26599${String(1_000_000 + ++n).slice(-7)}`,
  body: `Message ${n}`,
  subjectType: 'seller_request',
  subjectId: n,
});
const email = (): NewMessage => ({
  channel: 'email',
  recipient: `seller${++n}@example.mw`,
  subject: 'An offer for your item',
  body: `Message ${n}`,
  subjectType: 'seller_request',
  subjectId: n,
});

/**
 * A slow transport: each send is held until `releaseAt` sends are in flight at once, or every one of the `total`
 * messages is either sent or held (the last, partial group); then all those held go. It records the most it ever
 * held at once and each message it sent. A worker that sends fewer at once would leave it waiting: after a quiet
 * while it lets them go, and the counts show it.
 */
function heldTransport(channel: Transport['channel'], releaseAt: number, total: number) {
  const sent: number[] = [];
  const held: (() => void)[] = [];
  const seen = { most: 0 };
  let quiet: NodeJS.Timeout | undefined;
  const release = () => {
    clearTimeout(quiet);
    held.splice(0).forEach((go) => go());
  };
  const transport: Transport = {
    channel,
    send: (m) =>
      new Promise<void>((resolve) => {
        held.push(() => {
          sent.push(m.id);
          resolve();
        });
        seen.most = Math.max(seen.most, held.length);
        if (held.length >= releaseAt || sent.length + held.length >= total) release();
        else {
          clearTimeout(quiet);
          quiet = setTimeout(release, 3000);
        }
      }),
  };
  return { transport, sent, seen };
}

// Issue 36 (decision 0088): one process sent about 2 messages a second, one at a time. Now each transport has
// OUTBOX_CONCURRENCY sends in flight, and every process takes its share, never a message another one holds.
describe.each(engines)('the outbox sends several at once [%s]', (engine) => {
  let testDb: TestDb;
  let db: Db;
  const now = new Date('2026-09-01T08:00:00.000Z');

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    db = testDb.db;
  });
  afterAll(() => testDb.dispose());
  beforeEach(async () => {
    await db.kysely.deleteFrom('outbox_messages').execute();
  });

  it('has up to `concurrency` sends in flight per transport, and sends each message once', async () => {
    await enqueueMessages(db.kysely, [...Array.from({ length: 10 }, sms), ...Array.from({ length: 10 }, email)], now);
    const gateway = heldTransport('sms', 4, 10);
    const mail = heldTransport('email', 4, 10);
    const report = await deliverDueMessages(db, [gateway.transport, mail.transport], now, {
      concurrency: 4,
      smsBudget: BUDGET,
    });
    expect(report).toMatchObject({ sent: 20, retried: 0, failed: 0 });
    expect(gateway.seen.most).toBe(4);
    expect(mail.seen.most).toBe(4);
    const sent = [...gateway.sent, ...mail.sent];
    expect(new Set(sent).size).toBe(20);
    expect(sent).toHaveLength(20);
    const states = await db.kysely.selectFrom('outbox_messages').select('state').execute();
    expect(states.every((r) => r.state === 'sent')).toBe(true);
  });

  it('drains more than one batch in one delivery', async () => {
    await enqueueMessages(db.kysely, Array.from({ length: 25 }, email), now);
    const mail = heldTransport('email', 5, 25);
    const report = await deliverDueMessages(db, [mail.transport], now, { concurrency: 5, batch: 10 });
    expect(report.sent).toBe(25);
    expect(new Set(mail.sent).size).toBe(25);
  });

  it('stops claiming once the server is closing, and settles what is in flight', async () => {
    await enqueueMessages(db.kysely, Array.from({ length: 10 }, email), now);
    let closing = false;
    const sent: number[] = [];
    // The server starts closing while the first message is being sent.
    const transport: Transport = {
      channel: 'email',
      send: async (m) => {
        closing = true;
        sent.push(m.id);
      },
    };
    const report = await deliverDueMessages(db, [transport], now, { concurrency: 4, stopping: () => closing });
    expect(report.sent).toBe(1);
    expect(sent).toHaveLength(1);
    const pending = await db.kysely.selectFrom('outbox_messages').select('id').where('state', '=', 'pending').execute();
    expect(pending).toHaveLength(9);
  });

  it('lets two workers share the outbox, each its own sends in flight, never sending one message twice', async () => {
    await enqueueMessages(db.kysely, Array.from({ length: 40 }, sms), now);
    // Held until both workers have their 5 in flight: one worker alone could never release them.
    const gateway = heldTransport('sms', 10, 40);
    const other = engine === 'postgres' ? testDb.connectAgain() : db;
    const options = { concurrency: 5, smsBudget: BUDGET };
    const [first, second] = await Promise.all([
      deliverDueMessages(db, [gateway.transport], now, options),
      deliverDueMessages(other, [gateway.transport], now, options),
    ]);
    expect(first.sent + second.sent).toBe(40);
    expect(first.sent).toBeGreaterThanOrEqual(5);
    expect(second.sent).toBeGreaterThanOrEqual(5);
    expect(gateway.seen.most).toBe(10);
    expect(gateway.sent).toHaveLength(40);
    expect(new Set(gateway.sent).size).toBe(40);
    if (other !== db) await other.close();
  });
});
