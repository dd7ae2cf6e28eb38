import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { SUBMISSION_REUSED } from './resubmit.js';
import { sell, sellForm } from './testing.js';

// docs/decisions/0076: POST /v1/sells takes an optional request_id, as orders do: a seller who sends again
// after a lost answer gets the first submission back (one request, one SMS), and old clients are unchanged.

const SMS = { apiKey: 'at-key', username: 'marketplace', apiUrl: 'http://127.0.0.1:9/unused', senderId: undefined };
const newRequestId = () => randomBytes(24).toString('base64url');

describe.each(engines)('a retried submission [%s]', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // With an SMS transport, so each stored submission writes its receipt SMS: a second one would show.
    t = await createTestApp(engine, { sms: SMS });
  });
  afterAll(() => t.close());

  const requestsOf = (itemName: string) =>
    t.db.kysely.selectFrom('seller_requests').select(['id']).where('item_name', '=', itemName).execute();
  const receiptsOf = (ids: number[]) =>
    t.db.kysely
      .selectFrom('outbox_messages')
      .select('id')
      .where('subject_type', '=', 'seller_request')
      .where('subject_id', 'in', ids)
      .execute();

  it('with the same request_id returns the first submission: one request, one SMS, the same status link', async () => {
    const id = newRequestId();
    // A phone of its own: the others' submissions must not have used up its receipts for the day (receipt.ts caps).
    const form = sellForm({ item_name: 'Retried Nokia 3310', request_id: id, phone: '0888 310 331' });
    const first = await sell(t.app, form);
    expect(first.statusCode).toBe(201);
    const again = await sell(t.app, form);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await requestsOf('Retried Nokia 3310');
    expect(rows).toHaveLength(1);
    expect(await receiptsOf(rows.map((r) => r.id))).toHaveLength(1);
    // The status link works for it.
    const token = (first.json() as { status_token: string }).status_token;
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/sells/${token}` })).statusCode).toBe(200);
  });

  it('answers two copies sent at once with one submission', async () => {
    const form = sellForm({ item_name: 'Raced Tecno Spark', request_id: newRequestId() });
    const answers = await Promise.all([sell(t.app, form), sell(t.app, form), sell(t.app, form)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => (a.json() as { id: number }).id)).size).toBe(1);
    expect(await requestsOf('Raced Tecno Spark')).toHaveLength(1);
  });

  it('refuses the same request_id with other details as a 422, leaving the first alone', async () => {
    const id = newRequestId();
    expect((await sell(t.app, sellForm({ item_name: 'First iPhone 8', request_id: id }))).statusCode).toBe(201);
    const others: Record<string, string>[] = [
      { item_name: 'Other iPhone 8' },
      { price: '1' },
      { phone: '0888 765 432' },
    ];
    for (const over of others) {
      const other = await sell(t.app, sellForm({ item_name: 'First iPhone 8', ...over, request_id: id }));
      expect(other.statusCode, JSON.stringify(over)).toBe(422);
      expect(other.json()).toMatchObject({ message: SUBMISSION_REUSED });
    }
    expect(await requestsOf('First iPhone 8')).toHaveLength(1);
    expect(await requestsOf('Other iPhone 8')).toHaveLength(0);
  });

  it('without a request_id (older clients) stores each submission, as before', async () => {
    const form = sellForm({ item_name: 'Twice Samsung A10' });
    expect((await sell(t.app, form)).statusCode).toBe(201);
    expect((await sell(t.app, form)).statusCode).toBe(201);
    expect(await requestsOf('Twice Samsung A10')).toHaveLength(2);
  });

  it('refuses a request_id that is not 32 url-safe characters', async () => {
    const bad = await sell(t.app, sellForm({ request_id: 'short' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { request_id: 'request_id must be 32 letters, digits, - or _' } });
  });
});
