import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { africasTalkingTransport } from '../notifications/africas-talking.js';
import { smsSpentLastHour } from '../notifications/sms-budget.js';
import { startSmsGateway } from '../notifications/testing.js';
import { deliverDueMessages } from '../notifications/worker.js';
import { nextIp, nextPhone } from '../orders/testing.js';
import { NUMBER_REFUSED, SMS_NOT_SENT } from './service.js';

const T0 = new Date('2026-08-01T08:00:00.000Z');
const SMS = { apiKey: 'at-key', username: 'marketplace' };
const MINUTE = 60_000;

// Issue 36 (decision 0088): a phone code goes to the gateway in the request that asks for it, not behind the outbox's
// queue; a failed send is answered, and the worker never sends that code again.
describe.each(engines)('a phone code sent at once [%s]', (engine) => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  const clock = testClock(T0);
  let minute = 0;

  beforeAll(async () => {
    gateway = await startSmsGateway(SMS);
    t = await createTestApp(engine, { clock, sms: { ...SMS, apiUrl: gateway.url, senderId: undefined } });
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });
  beforeEach(() => {
    gateway.state.mode = 'success';
    gateway.state.refusal = 403;
    // Each test in an hour of its own: the SMS counted are its own.
    minute += 120;
    clock.set(new Date(T0.getTime() + minute * MINUTE));
  });

  const askCode = (phone: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/phone-codes', payload: { phone }, remoteAddress: nextIp() });
  const plus265 = (phone: string) => `+265${phone.slice(1)}`;
  const sentTo = (phone: string) => gateway.requests.filter((r) => r.form.to === plus265(phone));
  const codeRows = (phone: string) =>
    t.db.kysely
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', plus265(phone))
      .orderBy('id')
      .execute();
  const worker = (at: Date) => deliverDueMessages(t.db, [africasTalkingTransport({ ...SMS, apiUrl: gateway.url })], at);

  it('reaches the gateway before the request answers, once, and is counted once in the SMS budget', async () => {
    const phone = nextPhone();
    const asked = await askCode(phone);
    expect(asked.statusCode).toBe(202);
    // No worker has run: the request itself sent it.
    expect(sentTo(phone).map((r) => r.form.message)).toEqual([
      expect.stringMatching(/^Your Marketplace Malawi code is \d{6}$/),
    ]);
    const [row] = await codeRows(phone);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, last_error: null, budget_at: clock().toISOString() });

    // The worker, now and after any lease, has nothing of it to send.
    expect((await worker(clock())).sent).toBe(0);
    expect((await worker(new Date(clock().getTime() + 30 * MINUTE))).sent).toBe(0);
    expect(sentTo(phone)).toHaveLength(1);
    expect(await smsSpentLastHour(t.db.kysely, clock())).toBe(1);
  });

  it('answers a failed send with a clear 503, never sends that code later, and sends the code asked again', async () => {
    const phone = nextPhone();
    gateway.state.mode = 'error-500';
    const failed = await askCode(phone);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe(SMS_NOT_SENT);
    const [row] = await codeRows(phone);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, last_error: expect.stringContaining('SMS gateway') });

    // The gateway is back: the worker leaves the failed code alone (the buyer was told to ask again).
    gateway.state.mode = 'success';
    await worker(new Date(clock().getTime() + 30 * MINUTE));
    expect(sentTo(phone)).toHaveLength(1);

    const again = await askCode(phone);
    expect(again.statusCode).toBe(202);
    expect(sentTo(phone)).toHaveLength(2);
    expect(sentTo(phone)[1]!.form.message).toMatch(/^Your Marketplace Malawi code is \d{6}$/);
    expect((await codeRows(phone)).map((r) => r.state)).toEqual(['failed', 'sent']);
    // Each code counted once: the failed one (the gateway may have taken it) and the new one.
    expect(await smsSpentLastHour(t.db.kysely, clock())).toBe(2);
  });

  it('answers 422 for a number the gateway refuses, and 503 when its balance is empty (not the buyer’s doing)', async () => {
    gateway.state.mode = 'refused';
    const refused = await askCode(nextPhone());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(NUMBER_REFUSED);
    gateway.state.refusal = 405;
    const broke = await askCode(nextPhone());
    expect(broke.statusCode).toBe(503);
    expect(broke.json().message).toBe(SMS_NOT_SENT);
  });

  it('fails, unsent, a code whose request stopped mid-send, once its lease ends', async () => {
    const phone = nextPhone();
    expect((await askCode(phone)).statusCode).toBe(202);
    const [row] = await codeRows(phone);
    // As a process that stopped during the send leaves it.
    await t.db.kysely
      .updateTable('outbox_messages')
      .set({ state: 'sending', sent_at: null, next_attempt_at: clock().toISOString() })
      .where('id', '=', row!.id)
      .execute();
    const report = await worker(new Date(clock().getTime() + MINUTE));
    expect(report).toMatchObject({ sent: 0, failed: 1 });
    expect(sentTo(phone)).toHaveLength(1);
    const [after] = await codeRows(phone);
    expect(after).toMatchObject({ state: 'failed', last_error: expect.stringContaining('not sent again') });
  });
});
