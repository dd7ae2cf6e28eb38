import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { enqueueMessages, type NewMessage } from './outbox.js';
import { minutes } from './testing.js';
import type { Transport } from './transport.js';
import { deliverDueMessages } from './worker.js';

const HOUR = minutes(60);

// Issue 35 (decision 0084): every SMS counts against SMS_MAX_PER_HOUR and SMS_MAX_PER_NUMBER_PER_DAY; the worker
// keeps what is over them in the outbox, pending, and sends it once the budget has room.
describe.each(engines)('the SMS budget in the outbox [%s]', (engine) => {
  let t: TestDb;
  const now = new Date('2026-04-06T08:00:00.000Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  const sms = (recipient: string, subjectId: number, staffId?: number): NewMessage => ({
    channel: 'sms',
    recipient,
    body: `Your order MW-${subjectId} is ready`,
    subjectType: 'order',
    subjectId,
    ...(staffId ? { staffId } : {}),
  });
  const sent: { recipient: string; body: string }[] = [];
  const transport: Transport = { channel: 'sms', send: async (m) => void sent.push(m) };
  const rows = () =>
    t.db.kysely
      .selectFrom('outbox_messages')
      .select(['subject_id', 'state', 'attempts', 'next_attempt_at', 'last_error', 'budget_at'])
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestDb(engine);
  });
  afterAll(() => t.dispose());
  beforeEach(async () => {
    await t.db.kysely.deleteFrom('outbox_messages').execute();
    sent.length = 0;
  });

  it('holds a number over its day and everything over the hour, pending without using an attempt, then sends it', async () => {
    const budget = { smsBudget: { perHour: 4, perNumberDay: 2 } };
    await enqueueMessages(
      t.db.kysely,
      [sms('+265991000001', 1), sms('+265991000001', 2), sms('+265991000001', 3), sms('+265991000002', 4)],
      now,
    );
    await enqueueMessages(t.db.kysely, [sms('+265991000003', 5), sms('+265991000004', 6)], at(minutes(1)));
    const first = await deliverDueMessages(t.db, [transport], at(minutes(1)), budget);
    expect(first).toMatchObject({ sent: 4, waiting: 2, failed: 0 });
    expect(sent.map((m) => m.body)).toEqual([1, 2, 4, 5].map((n) => `Your order MW-${n} is ready`));
    const [, , third, , , sixth] = await rows();
    // The third to one number waits a day from its first; the sixth waits for the hour's oldest to age out.
    expect(third).toMatchObject({ state: 'pending', attempts: 0, budget_at: null });
    expect(third!.next_attempt_at).toBe(at(minutes(1) + 24 * HOUR).toISOString());
    expect(third!.last_error).toMatch(/SMS_MAX_PER_NUMBER_PER_DAY/);
    expect(sixth).toMatchObject({ state: 'pending', attempts: 0, budget_at: null });
    expect(sixth!.next_attempt_at).toBe(at(minutes(61)).toISOString());
    expect(sixth!.last_error).toMatch(/SMS_MAX_PER_HOUR/);

    // Nothing more goes within the hour; after it, the sixth does; the third only the next day.
    expect(await deliverDueMessages(t.db, [transport], at(minutes(30)), budget)).toMatchObject({ sent: 0 });
    expect(await deliverDueMessages(t.db, [transport], at(minutes(62)), budget)).toMatchObject({ sent: 1 });
    expect(sent.at(-1)!.body).toBe('Your order MW-6 is ready');
    expect(await deliverDueMessages(t.db, [transport], at(25 * HOUR), budget)).toMatchObject({ sent: 1 });
    expect(sent.at(-1)!.body).toBe('Your order MW-3 is ready');
    expect((await rows()).every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('lets a staff member’s message through a number’s day cap, and counts it in the hour', async () => {
    const budget = { smsBudget: { perHour: 3, perNumberDay: 1 } };
    await enqueueMessages(t.db.kysely, [sms('+265991000011', 1)], now);
    await enqueueMessages(t.db.kysely, [sms('+265991000011', 2, 7), sms('+265991000011', 3)], now);
    expect(await deliverDueMessages(t.db, [transport], now, budget)).toMatchObject({ sent: 2, waiting: 1 });
    expect(sent.map((m) => m.body)).toEqual(['Your order MW-1 is ready', 'Your order MW-2 is ready']);
    // The staff message took the hour's second SMS: one more fits, then none.
    await enqueueMessages(t.db.kysely, [sms('+265991000012', 4), sms('+265991000013', 5)], now);
    expect(await deliverDueMessages(t.db, [transport], now, budget)).toMatchObject({ sent: 1, waiting: 1 });
  });

  it('counts an SMS once however often it is retried, and never counts email', async () => {
    const budget = { smsBudget: { perHour: 1, perNumberDay: 1 } };
    let fail = true;
    const flaky: Transport = {
      channel: 'sms',
      send: async (m) => {
        if (fail) throw new Error('gateway busy');
        sent.push(m);
      },
    };
    const mail: Transport = { channel: 'email', send: async () => {} };
    await enqueueMessages(
      t.db.kysely,
      [
        sms('+265991000021', 1),
        {
          channel: 'email',
          recipient: 'a@example.mw',
          subject: 'Ready',
          body: 'Ready',
          subjectType: 'order',
          subjectId: 1,
        },
      ],
      now,
    );
    expect(await deliverDueMessages(t.db, [flaky, mail], now, budget)).toMatchObject({ retried: 1, sent: 1 });
    fail = false;
    expect(await deliverDueMessages(t.db, [flaky, mail], at(minutes(2)), budget)).toMatchObject({
      sent: 1,
      waiting: 0,
    });
    expect(sent).toHaveLength(1);
  });

  // Several processes share the budget: counted in the database under one lock, so racing workers cannot each
  // take the last SMS of the hour. On PostgreSQL each worker has its own pool, as separate processes would.
  it('lets exactly the hourly budget through while four workers race', async () => {
    const others: Db[] = engine === 'postgres' ? [t.connectAgain(), t.connectAgain(), t.connectAgain()] : [];
    const slow: Transport = {
      channel: 'sms',
      send: async (m) => {
        await new Promise((r) => setTimeout(r, 5));
        sent.push(m);
      },
    };
    try {
      for (let trial = 0; trial < (engine === 'postgres' ? 3 : 1); trial++) {
        await t.db.kysely.deleteFrom('outbox_messages').execute();
        sent.length = 0;
        const start = at(trial * 2 * HOUR);
        const messages = Array.from({ length: 24 }, (_, i) => sms(`+2659910001${String(i).padStart(2, '0')}`, i));
        await enqueueMessages(t.db.kysely, messages, start);
        const workers = [t.db, ...others];
        const reports = await Promise.all(
          [...workers, ...workers].map((db) =>
            deliverDueMessages(db, [slow], start, { smsBudget: { perHour: 5, perNumberDay: 10 } }),
          ),
        );
        expect(sent, `trial ${trial}`).toHaveLength(5);
        expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(5);
        const counted = (await rows()).filter((r) => r.budget_at !== null);
        expect(counted).toHaveLength(5);
      }
    } finally {
      await Promise.all(others.map((db) => db.close()));
    }
  });
});
