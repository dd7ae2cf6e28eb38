import { REPORT_RECEIVED } from '@marketplace/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct } from '../../test/fixtures.js';
import { NUL_REFUSED } from '../../plugins/no-nul.js';
import { signIn } from '../../test/users.js';
import { startSmsGateway } from '../notifications/testing.js';
import { nextPhone } from '../orders/testing.js';
import { signPhoneToken } from '../phone-proof/phone-token.js';
import { PHONE_CODE_WRONG } from '../phone-proof/service.js';
import { REPORTS_PER_ADDRESS_HOUR } from './routes.js';

const KEY = 'reports-test-key';
const HOUR = 3_600_000;
/** Phones are proved only where a code can reach them: an SMS transport (a loopback gateway codes go to at once). */
const SMS = { apiKey: 'at-key', username: 'marketplace' };
const HIDES_PER_HOUR = 2;

// docs/decisions/0058, 0086: anonymous reports reach the staff queue; 3 different proved phones hide the item.
describe.each(engines)('listing reports [%s]', (engine) => {
  let t: TestApp;
  let staff: Record<string, string>;
  let address = 0;
  const clock = testClock(new Date('2026-06-01T08:00:00.000Z'));
  /** A fresh client address per call unless one is given: the per-address rules are tested on purpose. */
  const nextIp = () => `10.58.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  beforeAll(async () => {
    gateway = await startSmsGateway(SMS);
    const sms = { ...SMS, apiUrl: gateway.url, senderId: undefined };
    t = await createTestApp(engine, { clock, sms, linkSecret: KEY, reportHidesPerHour: HIDES_PER_HOUR });
    staff = (await signIn(t.app, t.db, 'Moderator')).headers;
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });
  // Each test starts in an hour of its own: the hourly cap on automatic hides is tested on purpose.
  beforeEach(() => clock.set(new Date(clock().getTime() + 2 * HOUR)));

  const plus265 = (phone: string) => `+265${phone.slice(1)}`;
  /** A phone proved the checkout's way: the body carries it and its phone token. */
  const proved = (phone = nextPhone()) => ({ phone, phone_token: signPhoneToken(KEY, plus265(phone), clock()) });
  const hideAudits = async (id: number) =>
    (await t.db.kysely.selectFrom('audit_log').select('action').where('subject_id', '=', String(id)).execute()).map(
      (a) => a.action,
    );

  const report = (id: number, payload: Record<string, unknown>, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: `/api/v1/products/${id}/reports`, payload, remoteAddress });
  const visitor = (n: number | string) => `report-visitor-${String(n).padStart(6, '0')}`;
  const queue = async () => (await t.app.inject({ url: '/api/admin/reports?limit=50', headers: staff })).json();
  const entryOf = async (id: number) => (await queue()).items.find((i: { product_id: number }) => i.product_id === id);
  const listedIds = async () =>
    (await t.app.inject({ url: '/api/v1/products?limit=100' })).json().products.map((p: { id: number }) => p.id);

  it('takes a report with a 202 and a short confirmation, trimming the note', async () => {
    const id = await addProduct(t.db, { name: 'Reported Radio' });
    const res = await report(id, { reason: 'wrong_price', note: '  Was 50,000 last week  ', visitor_id: visitor(1) });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: REPORT_RECEIVED });
    const entry = await entryOf(id);
    expect(entry).toMatchObject({ name: 'Reported Radio', visitors: 1, is_published: true, awaiting_review: false });
    expect(entry.reports).toEqual([
      { reason: 'wrong_price', note: 'Was 50,000 last week', created_at: expect.any(String) },
    ]);
  });

  it('refuses a bad reason, a long note, a NUL and a bad visitor id with their messages', async () => {
    const id = await addProduct(t.db, { name: 'Validated Phone' });
    const bad = async (payload: Record<string, unknown>) => {
      const res = await report(id, payload);
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect((await bad({ reason: 'ugly', visitor_id: visitor(2) })).errors.reason).toBe('Choose a reason');
    expect((await bad({ visitor_id: visitor(2) })).errors.reason).toBe('Choose a reason');
    expect((await bad({ reason: 'looks_stolen', note: 'x'.repeat(501), visitor_id: visitor(2) })).errors.note).toBe(
      'Note must be at most 500 characters',
    );
    expect((await bad({ reason: 'looks_stolen', note: 'a\u0000b', visitor_id: visitor(2) })).detail).toBe(NUL_REFUSED);
    expect((await bad({ reason: 'looks_stolen', visitor_id: '../x' })).errors.visitor_id).toBe(
      'visitor_id must be 16 to 64 letters, digits, - or _',
    );
    // 500 characters after trimming pass.
    const ok = await report(id, { reason: 'looks_stolen', note: ` ${'y'.repeat(500)} `, visitor_id: visitor(2) });
    expect(ok.statusCode).toBe(202);
  });

  it('answers 404 for an unknown or unpublished item', async () => {
    const hidden = await addProduct(t.db, { name: 'Unlisted Fan', published: false });
    for (const id of [hidden, 999_999]) {
      const res = await report(id, { reason: 'wrong_price', visitor_id: visitor(3) });
      expect(res.statusCode).toBe(404);
    }
  });

  it('counts one report per visitor id and per address, answering a repeat the same', async () => {
    const id = await addProduct(t.db, { name: 'Twice Reported Laptop' });
    const first = await report(id, { reason: 'looks_stolen', visitor_id: visitor(4) }, '10.59.0.1');
    const sameVisitor = await report(id, { reason: 'wrong_price', visitor_id: visitor(4) }, '10.59.0.2');
    const sameAddress = await report(id, { reason: 'wrong_price', visitor_id: visitor(5) }, '10.59.0.1');
    // An IPv6 address counts by its /64.
    await report(id, { reason: 'wrong_price', visitor_id: visitor(6) }, '2001:db8:58::1');
    const sameNet = await report(id, { reason: 'wrong_price', visitor_id: visitor(7) }, '2001:db8:58::2');
    for (const res of [first, sameVisitor, sameAddress, sameNet]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: REPORT_RECEIVED });
    }
    const entry = await entryOf(id);
    expect(entry.visitors).toBe(2);
    expect(entry.awaiting_review).toBe(false);
    expect(await listedIds()).toContain(id);
  });

  it('no longer hides a listing on reports from three strangers at three addresses (abuse)', async () => {
    const id = await addProduct(t.db, { name: 'Rival Fridge' });
    for (const n of [8, 9, 10, 13, 14]) {
      expect((await report(id, { reason: 'looks_stolen', visitor_id: visitor(n) })).statusCode).toBe(202);
    }
    expect(await listedIds()).toContain(id);
    expect(await entryOf(id)).toMatchObject({
      visitors: 5,
      proved_phones: 0,
      is_published: true,
      awaiting_review: false,
    });
    expect(await hideAudits(id)).toEqual([]);
  });

  it('hides the item after reports from 3 different proved phones, until staff dismiss them', async () => {
    const id = await addProduct(t.db, { name: 'Suspicious Camera' });
    const first = proved();
    expect((await report(id, { reason: 'suspicious_seller', visitor_id: visitor(50), ...first })).statusCode).toBe(202);
    // The same phone again (another browser, another address) and two strangers do not add up to three.
    expect((await report(id, { reason: 'looks_stolen', visitor_id: visitor(51), ...first })).statusCode).toBe(202);
    for (const n of [52, 53]) await report(id, { reason: 'looks_stolen', visitor_id: visitor(n) });
    // A phone whose proof is forged is refused, not counted as an anonymous report either.
    const forged = { ...proved(), phone_token: proved().phone_token };
    const refused = await report(id, { reason: 'looks_stolen', visitor_id: visitor(54), ...forged });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'phone_unverified' });
    expect(await listedIds()).toContain(id);
    expect(await entryOf(id)).toMatchObject({ visitors: 3, proved_phones: 1, awaiting_review: false });

    // Many phones share a mobile network's address: proved phones count one by one, even from one address.
    for (const n of [55, 56]) {
      expect(
        (await report(id, { reason: 'suspicious_seller', visitor_id: visitor(n), ...proved() }, '10.61.0.1'))
          .statusCode,
      ).toBe(202);
    }
    expect(await listedIds()).not.toContain(id);
    expect((await t.app.inject({ url: `/api/v1/products/${id}` })).statusCode).toBe(404);
    expect((await report(id, { reason: 'looks_stolen', visitor_id: visitor(11) })).statusCode).toBe(404);
    expect(await entryOf(id)).toMatchObject({
      visitors: 5,
      proved_phones: 3,
      is_published: false,
      awaiting_review: true,
    });

    const dismissed = await t.app.inject({ method: 'POST', url: `/api/admin/reports/${id}/dismiss`, headers: staff });
    expect(dismissed.statusCode).toBe(200);
    expect(await entryOf(id)).toBeUndefined();
    expect(await listedIds()).toContain(id);
    expect(await hideAudits(id)).toEqual([
      'Hid product Suspicious Camera after reports from 3 proved phones',
      'Dismissed reports of product Suspicious Camera',
    ]);
    // Closed: a second decision finds nothing open.
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/reports/${id}/unpublish`, headers: staff });
    expect(again.statusCode).toBe(404);
  });

  it('does not put a written-off item back on sale when its reports are dismissed', async () => {
    const id = await addProduct(t.db, { name: 'Written Off Radio' });
    expect((await report(id, { reason: 'looks_stolen', visitor_id: visitor(70) })).statusCode).toBe(202);
    // Hidden by reports, then written off after it came back (docs/decisions/0099).
    await t.db.kysely
      .updateTable('products')
      .set({
        published: 0,
        hidden_by_reports: 1,
        written_off_at: '2026-11-01T10:00:00.000Z',
        written_off_reason: 'Water',
      })
      .where('id', '=', id)
      .execute();
    const dismissed = await t.app.inject({ method: 'POST', url: `/api/admin/reports/${id}/dismiss`, headers: staff });
    expect(dismissed.statusCode).toBe(200);
    const row = await t.db.kysely
      .selectFrom('products')
      .select('published')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.published).toBe(0);
  });

  it('proves a phone by the SMS code just sent to it, once', async () => {
    const id = await addProduct(t.db, { name: 'Coded Blender' });
    const phone = nextPhone();
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/phone-codes', payload: { phone } })).statusCode).toBe(
      202,
    );
    const sms = await t.db.kysely
      .selectFrom('outbox_messages')
      .select('body')
      .where('recipient', '=', plus265(phone))
      .executeTakeFirstOrThrow();
    const code = sms.body.slice(-6);
    const ok = await report(id, { reason: 'wrong_price', visitor_id: visitor(60), phone, phone_code: code });
    expect(ok.statusCode).toBe(202);
    expect(await entryOf(id)).toMatchObject({ visitors: 1, proved_phones: 1 });
    // Used up: the same code proves nothing again.
    const other = await addProduct(t.db, { name: 'Coded Kettle' });
    const reused = await report(other, { reason: 'wrong_price', visitor_id: visitor(61), phone, phone_code: code });
    expect(reused.statusCode).toBe(403);
    expect(reused.json().message).toBe(PHONE_CODE_WRONG);
  });

  it(`hides at most ${HIDES_PER_HOUR} items an hour by reports, leaving the rest on sale for staff`, async () => {
    const ids = [];
    for (let i = 0; i <= HIDES_PER_HOUR; i++) ids.push(await addProduct(t.db, { name: `Capped Item ${i}` }));
    for (const id of ids) {
      for (let n = 0; n < 3; n++)
        await report(id, { reason: 'looks_stolen', visitor_id: visitor(`${id}-${n}`), ...proved() });
    }
    const listed = await listedIds();
    expect(ids.filter((id) => !listed.includes(id))).toEqual(ids.slice(0, HIDES_PER_HOUR));
    expect(await entryOf(ids[HIDES_PER_HOUR]!)).toMatchObject({
      proved_phones: 3,
      is_published: true,
      awaiting_review: false,
    });
    const scrape = (await t.app.inject({ url: '/api/metrics' })).body;
    expect(scrape).toMatch(/^marketplace_report_hides_total\{result="capped"\} [1-9]/m);
    expect(scrape).toMatch(/^marketplace_report_hides_total\{result="hidden"\} [1-9]/m);
    // An hour on, the next proved phone's report hides it.
    clock.set(new Date(clock().getTime() + HOUR));
    await report(ids[HIDES_PER_HOUR]!, {
      reason: 'looks_stolen',
      visitor_id: visitor(`${ids[HIDES_PER_HOUR]}-late`),
      ...proved(),
    });
    expect(await listedIds()).not.toContain(ids[HIDES_PER_HOUR]);
  });

  it('hides the item once when three reports arrive at the same moment', async () => {
    const id = await addProduct(t.db, { name: 'Raced Console' });
    const answers = await Promise.all(
      [40, 41, 42, 43].map((n) => report(id, { reason: 'looks_stolen', visitor_id: visitor(n), ...proved() })),
    );
    // The fourth may find the item already hidden (404); the three before it all count.
    expect(answers.filter((a) => a.statusCode === 202).length).toBeGreaterThanOrEqual(3);
    expect(await entryOf(id)).toMatchObject({ awaiting_review: true });
    const hides = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', String(id))
      .execute();
    expect(hides).toEqual([{ action: 'Hid product Raced Console after reports from 3 proved phones' }]);
  });

  it('no longer awaits review once staff publish the hidden item by hand', async () => {
    const id = await addProduct(t.db, { name: 'Republished Speaker' });
    for (const n of [30, 31, 32])
      await report(id, { reason: 'wrong_description', visitor_id: visitor(n), ...proved() });
    expect(await entryOf(id)).toMatchObject({ is_published: false, awaiting_review: true });
    const published = await t.app.inject({ method: 'PUT', url: `/api/admin/products/${id}/publish`, headers: staff });
    expect(published.statusCode).toBe(200);
    expect(await entryOf(id)).toMatchObject({ is_published: true, awaiting_review: false });
    expect(await listedIds()).toContain(id);
  });

  it('keeps a reported item unpublished when staff unpublish it', async () => {
    const id = await addProduct(t.db, { name: 'Doubtful Tablet' });
    await report(id, { reason: 'wrong_description', note: 'It is a different model', visitor_id: visitor(12) });
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/reports/${id}/unpublish`, headers: staff });
    expect(res.statusCode).toBe(200);
    expect(await entryOf(id)).toBeUndefined();
    expect(await listedIds()).not.toContain(id);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_id', '=', String(id))
      .execute();
    expect(audit).toEqual([{ action: 'Unpublished reported product Doubtful Tablet', actor_id: expect.any(Number) }]);
  });

  it('pages the queue and keeps it from visitors (401) and other users (403)', async () => {
    for (const n of [20, 21]) {
      const id = await addProduct(t.db, { name: `Paged Item ${n}` });
      await report(id, { reason: 'wrong_price', visitor_id: visitor(n) });
    }
    const page = await t.app.inject({ url: '/api/admin/reports?limit=1', headers: staff });
    expect(page.json()).toMatchObject({ limit: 1, offset: 0 });
    expect(page.json().items).toHaveLength(1);
    expect(page.json().total).toBeGreaterThan(1);
    const user = (await signIn(t.app, t.db, 'User')).headers;
    for (const [method, url] of [
      ['GET', '/api/admin/reports'],
      ['POST', '/api/admin/reports/1/dismiss'],
      ['POST', '/api/admin/reports/1/unpublish'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, headers: user })).statusCode).toBe(403);
    }
  });

  it(`limits one address to ${REPORTS_PER_ADDRESS_HOUR} reports an hour`, async () => {
    const ids = [];
    for (let i = 0; i <= REPORTS_PER_ADDRESS_HOUR; i++) ids.push(await addProduct(t.db, { name: `Flood Item ${i}` }));
    const statuses = [];
    for (const [i, id] of ids.entries())
      statuses.push(
        (await report(id, { reason: 'wrong_price', visitor_id: visitor(100 + i) }, '10.60.0.1')).statusCode,
      );
    expect(statuses.slice(0, REPORTS_PER_ADDRESS_HOUR).every((s) => s === 202)).toBe(true);
    expect(statuses[REPORTS_PER_ADDRESS_HOUR]).toBe(429);
  });
});

// Without an SMS transport no phone can be proved: every report is anonymous, and staff decide every one.
describe.each(engines)('listing reports without an SMS transport [%s]', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { linkSecret: KEY });
  });
  afterAll(() => t.close());

  it('never hides an item, whatever phones and tokens the reports carry', async () => {
    const id = await addProduct(t.db, { name: 'Unprovable Iron' });
    for (const n of [1, 2, 3, 4]) {
      const phone = nextPhone();
      const payload = {
        reason: 'looks_stolen',
        visitor_id: `no-sms-visitor-${String(n).padStart(6, '0')}`,
        phone,
        phone_token: signPhoneToken(KEY, `+265${phone.slice(1)}`, new Date()),
      };
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/products/${id}/reports`,
        payload,
        remoteAddress: `10.62.0.${n}`,
      });
      expect(res.statusCode).toBe(202);
    }
    const products = (await t.app.inject({ url: '/api/v1/products?limit=100' })).json().products;
    expect(products.map((p: { id: number }) => p.id)).toContain(id);
    const stored = await t.db.kysely
      .selectFrom('product_reports')
      .select('phone')
      .where('product_id', '=', id)
      .execute();
    expect(stored).toEqual([{ phone: null }, { phone: null }, { phone: null }, { phone: null }]);
  });
});
