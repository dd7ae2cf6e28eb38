import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { africasTalkingTransport } from './africas-talking.js';
import { enqueueMessages, type NewMessage } from './outbox.js';
import { idsOf, messageRow, minutes, RECIPIENT_FAILURES, startSmsGateway } from './testing.js';
import { deliverDueMessages } from './worker.js';

const API_KEY = 'atsk_4f9c2d0e7b1a6c3f8e5d2b9a0c7e4f1d';
const USERNAME = 'marketplace-mw';
const offerSms = (subjectId: number): NewMessage => ({
  channel: 'sms',
  recipient: '+265991234567',
  body: `Marketplace Malawi: we offer MWK 150,000 for your Samsung Galaxy A14. Accept or decline: http://localhost:3000/sell/status/tok${subjectId}`,
  subjectType: 'seller_request',
  subjectId,
});

describe.each(engines)("SMS through Africa's Talking [%s]", (engine) => {
  let t: TestDb;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  const start = new Date('2026-03-02T08:00:00.000Z');
  const at = (ms: number) => new Date(start.getTime() + ms);
  const transport = (extra: { senderId?: string; timeoutMs?: number; apiKey?: string } = {}) =>
    africasTalkingTransport({ apiKey: API_KEY, username: USERNAME, apiUrl: gateway.url, ...extra });

  beforeAll(async () => {
    t = await createTestDb(engine);
    gateway = await startSmsGateway({ apiKey: API_KEY, username: USERNAME });
  });
  afterAll(async () => {
    await gateway.close();
    await t.dispose();
  });
  beforeEach(async () => {
    await t.db.kysely.deleteFrom('outbox_messages').execute();
    gateway.requests.length = 0;
    gateway.state.mode = 'success';
    gateway.state.quoteKeyOn401 = false;
    gateway.state.refusal = 403;
  });

  it('posts the documented form with the apiKey header, and a Success answer marks the message sent', async () => {
    await enqueueMessages(t.db.kysely, [offerSms(1)], start);
    expect(await deliverDueMessages(t.db, [transport({ senderId: 'MARKETPLACE' })], start)).toMatchObject({ sent: 1 });
    expect(gateway.requests).toHaveLength(1);
    const request = gateway.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/version1/messaging');
    expect(request.headers.apikey).toBe(API_KEY);
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.form).toEqual({
      username: USERNAME,
      to: '+265991234567',
      message: offerSms(1).body,
      from: 'MARKETPLACE',
    });
    const [id] = await idsOf(t.db, 'seller_request', 1);
    expect(await messageRow(t.db, id!)).toMatchObject({
      state: 'sent',
      attempts: 1,
      last_error: null,
      sent_at: start.toISOString(),
    });
  });

  it('leaves out `from` when no sender id is set (the account default)', async () => {
    await enqueueMessages(t.db.kysely, [offerSms(2)], start);
    await deliverDueMessages(t.db, [transport()], start);
    expect(gateway.requests[0]!.form).toEqual({ username: USERNAME, to: '+265991234567', message: offerSms(2).body });
  });

  it.each([500, 501, 502] as const)(
    "retries after an HTTP 500 and after the recipient code %i (the gateway's own failure), then sends",
    async (code) => {
      await enqueueMessages(t.db.kysely, [offerSms(code)], start);
      const [id] = await idsOf(t.db, 'seller_request', code);

      gateway.state.mode = 'error-500';
      expect(await deliverDueMessages(t.db, [transport()], start)).toMatchObject({ retried: 1 });
      expect(await messageRow(t.db, id!)).toMatchObject({
        state: 'pending',
        attempts: 1,
        last_error: 'SMS gateway: answered 500: Internal Server Error',
        next_attempt_at: at(minutes(1)).toISOString(),
      });

      gateway.state.mode = 'refused';
      gateway.state.refusal = code;
      expect(await deliverDueMessages(t.db, [transport()], at(minutes(1)))).toMatchObject({ retried: 1 });
      expect(await messageRow(t.db, id!)).toMatchObject({
        state: 'pending',
        attempts: 2,
        last_error: `SMS gateway: ${RECIPIENT_FAILURES[code]} (${code})`,
        next_attempt_at: at(minutes(3)).toISOString(),
      });

      gateway.state.mode = 'success';
      expect(await deliverDueMessages(t.db, [transport()], at(minutes(3)))).toMatchObject({ sent: 1 });
      expect(await messageRow(t.db, id!)).toMatchObject({ state: 'sent', attempts: 3, last_error: null });
      expect(gateway.requests).toHaveLength(3);
    },
  );

  it.each([401, 402, 403, 404, 406, 407, 409] as const)(
    'fails the message at once, with the reason, when the recipient code is %i: trying again cannot help',
    async (code) => {
      await enqueueMessages(t.db.kysely, [offerSms(code)], start);
      const [id] = await idsOf(t.db, 'seller_request', code);
      gateway.state.mode = 'refused';
      gateway.state.refusal = code;
      const alerts: string[] = [];
      const report = await deliverDueMessages(t.db, [transport()], start, { alert: (a) => alerts.push(a) });
      expect(report).toMatchObject({ sent: 0, retried: 0, failed: 1 });
      expect(await messageRow(t.db, id!)).toMatchObject({
        state: 'failed',
        attempts: 1,
        last_error: `SMS gateway refused it: ${RECIPIENT_FAILURES[code]} (${code})`,
      });
      // Nothing is due any more: a later round sends nothing.
      gateway.state.mode = 'success';
      expect(await deliverDueMessages(t.db, [transport()], at(minutes(90)))).toMatchObject({ sent: 0 });
      expect(gateway.requests).toHaveLength(1);
      expect(alerts).toEqual([]);
    },
  );

  it('fails the message at once on an empty balance (405), and raises an operator alert and an error line', async () => {
    await enqueueMessages(t.db.kysely, [offerSms(405)], start);
    const [id] = await idsOf(t.db, 'seller_request', 405);
    gateway.state.mode = 'refused';
    gateway.state.refusal = 405;
    const alerts: string[] = [];
    const errors: string[] = [];
    const log = { info: () => {}, warn: () => {}, error: (_: object, message: string) => void errors.push(message) };
    const report = await deliverDueMessages(t.db, [transport()], start, { log, alert: (a) => alerts.push(a) });
    expect(report).toMatchObject({ failed: 1, retried: 0 });
    expect(await messageRow(t.db, id!)).toMatchObject({
      state: 'failed',
      last_error: 'SMS gateway: InsufficientBalance (405): top up the account',
    });
    expect(alerts).toEqual(['sms_balance']);
    expect(errors).toEqual(['message failed: the gateway needs an operator']);
  });

  it('gives up waiting for a gateway that does not answer, and retries', async () => {
    await enqueueMessages(t.db.kysely, [offerSms(4)], start);
    const [id] = await idsOf(t.db, 'seller_request', 4);
    gateway.state.mode = 'hang';
    const began = Date.now();
    expect(await deliverDueMessages(t.db, [transport({ timeoutMs: 300 })], start)).toMatchObject({ retried: 1 });
    expect(Date.now() - began).toBeLessThan(5000);
    expect(await messageRow(t.db, id!)).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_error: 'SMS gateway: no answer within 0.3 s',
    });
  });

  it('keeps the API key out of the error, even when the gateway quotes it', async () => {
    await enqueueMessages(t.db.kysely, [offerSms(5)], start);
    const [id] = await idsOf(t.db, 'seller_request', 5);
    const wrongKey = 'atsk_wrong_0123456789abcdef';
    // The gateway refuses the key (401) and, unlike the real one, quotes it back.
    gateway.state.quoteKeyOn401 = true;
    await deliverDueMessages(t.db, [transport({ apiKey: wrongKey })], start);
    const row = await messageRow(t.db, id!);
    expect(row).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_error: 'SMS gateway: answered 401: The supplied authentication is invalid (apiKey ***)',
    });
    expect(row.last_error).not.toContain(wrongKey);
  });
});
