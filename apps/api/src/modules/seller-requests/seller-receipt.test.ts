import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { e164 } from '../../test/phones.js';
import { signIn } from '../../test/users.js';
import { multipartBody } from '../images/testing.js';
import { africasTalkingTransport } from '../notifications/africas-talking.js';
import { startSmsGateway } from '../notifications/testing.js';
import { deliverDueMessages } from '../notifications/worker.js';
import { RECEIPTS_PER_ADDRESS_DAY, RECEIPTS_PER_PHONE_DAY } from './receipt.js';
import { nextIp, sellForm } from './testing.js';

const T0 = new Date('2026-07-06T07:00:00.000Z');
const DAY = 86_400_000;
const SMS = { apiKey: 'at-key', username: 'marketplace' };

let phones = 0;
/** A Malawi mobile number no other test uses, written as a seller would. */
const nextPhone = () => `0995 ${String(++phones).padStart(6, '0')}`;

// Decision 0056: with an SMS transport, a /sell submission is confirmed by SMS (reference and status link) in its
// transaction, in the language of the form; /sell is public, so a phone and a network are capped per day.
describe.each(engines)('the SMS on submission [%s]', (engine) => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  const clock = testClock(T0);

  beforeAll(async () => {
    gateway = await startSmsGateway(SMS);
    t = await createTestApp(engine, { clock, sms: { ...SMS, apiUrl: gateway.url, senderId: undefined } });
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });
  beforeEach(() => clock.set(T0));

  /** A /sell submission from `ip`, with the storefront's language cookie when `lang` is given. */
  const sellFrom = async (over: Record<string, string>, ip = nextIp(), lang?: string, app = t.app) => {
    const body = await multipartBody(sellForm(over));
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/sells',
      headers: { ...body.headers, ...(lang ? { cookie: `lang=${lang}` } : {}) },
      payload: body.payload,
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; reference: string; status_token: string };
  };
  const smsTo = (phone: string) =>
    t.db.kysely
      .selectFrom('outbox_messages')
      .select(['body', 'subject_id'])
      .where('channel', '=', 'sms')
      .where('recipient', '=', e164(phone))
      .orderBy('id')
      .execute();

  it('sends one phone at most 3 a day and one network at most 20, storing every submission; racers cannot pass', async () => {
    // One stranger's address typing one victim's number: 3 SMS, then the submissions are still stored, silently.
    const victim = nextPhone();
    const ip = nextIp();
    const sent = [];
    for (let i = 0; i < RECEIPTS_PER_PHONE_DAY + 2; i++) sent.push(await sellFrom({ phone: victim }, ip));
    expect((await smsTo(victim)).map((m) => m.subject_id)).toEqual(
      sent.slice(0, RECEIPTS_PER_PHONE_DAY).map((s) => s.id),
    );
    // From other addresses the phone's cap holds too.
    await sellFrom({ phone: victim });
    expect(await smsTo(victim)).toHaveLength(RECEIPTS_PER_PHONE_DAY);
    // A day after the first ones, the phone hears again.
    clock.advance(DAY + 1000);
    await sellFrom({ phone: victim });
    expect(await smsTo(victim)).toHaveLength(RECEIPTS_PER_PHONE_DAY + 1);

    // One address typing a new number each time: 20 SMS in a day, then none.
    clock.set(T0);
    const network = nextIp();
    const targets = Array.from({ length: RECEIPTS_PER_ADDRESS_DAY + 2 }, nextPhone);
    for (const phone of targets) await sellFrom({ phone }, network);
    const reached = await Promise.all(targets.map(async (phone) => (await smsTo(phone)).length));
    expect(reached).toEqual(targets.map((_, i) => (i < RECEIPTS_PER_ADDRESS_DAY ? 1 : 0)));

    // Submissions racing for one phone: still 3.
    const raced = nextPhone();
    await Promise.all(Array.from({ length: 6 }, () => sellFrom({ phone: raced })));
    expect(await smsTo(raced)).toHaveLength(RECEIPTS_PER_PHONE_DAY);
  });

  it('tells the seller in English the reference and the status link in one SMS, listed for staff', async () => {
    const phone = nextPhone();
    const { id, reference, status_token: token } = await sellFrom({ phone, notify_on_offer: 'false' });
    const [sms] = await smsTo(phone);
    const link = `http://localhost:3000/sell/status/${token}`;
    // Sent whether or not the seller asked to hear of offers: it is the receipt of what they just did.
    expect(sms!.body).toBe(
      `Marketplace Malawi: we received your item ${reference}. Keep this link to follow it: ${link}`,
    );
    expect(sms!.body.length).toBeLessThanOrEqual(160);
    const staff = await signIn(t.app, t.db, 'Moderator');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/seller-requests/${id}`,
      headers: staff.headers,
    });
    expect(detail.json().messages).toEqual([
      expect.objectContaining({ channel: 'sms', recipient: e164(phone), state: 'pending' }),
    ]);
  });

  it('writes it in Chichewa when the form was in Chichewa, and the gateway gets it', async () => {
    const phone = nextPhone();
    const { id, reference, status_token: token } = await sellFrom({ phone }, nextIp(), 'ny');
    const link = `http://localhost:3000/sell/status/${token}`;
    const body = `Marketplace Malawi: talandira katundu wanu ${reference}. Sungani ulalowu kuti muzimutsatira: ${link}`;
    expect((await smsTo(phone)).map((m) => m.body)).toEqual([body]);
    expect(body.length).toBeLessThanOrEqual(160);
    const row = await t.db.kysely
      .selectFrom('seller_requests')
      .select('language')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('ny');
    // An unknown language is English.
    const other = nextPhone();
    await sellFrom({ phone: other }, nextIp(), 'fr');
    expect((await smsTo(other))[0]!.body).toMatch(/^Marketplace Malawi: we received your item /);

    await deliverDueMessages(t.db, [africasTalkingTransport({ ...SMS, apiUrl: gateway.url })], clock());
    expect(gateway.requests.find((r) => r.form.to === e164(phone))?.form.message).toBe(body);
  });

  it('sends none for a walk-in request staff type in', async () => {
    const phone = nextPhone();
    const staff = await signIn(t.app, t.db, 'Moderator');
    const body = await multipartBody([...sellForm({ phone }), ['condition', 'good']]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/seller-requests',
      headers: { ...staff.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await smsTo(phone)).toEqual([]);
  });
});

describe.each(engines)('without an SMS transport [%s]', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('writes no SMS on submission (nothing would carry it) but keeps the language', async () => {
    const body = await multipartBody(sellForm({ phone: nextPhone() }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sells',
      headers: { ...body.headers, cookie: 'lang=ny' },
      payload: body.payload,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    expect(await t.db.kysely.selectFrom('outbox_messages').selectAll().where('subject_id', '=', id).execute()).toEqual(
      [],
    );
    const row = await t.db.kysely
      .selectFrom('seller_requests')
      .select(['language', 'receipt_sms'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ language: 'ny', receipt_sms: 0 });
  });
});
