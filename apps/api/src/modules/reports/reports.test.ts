import { REPORT_RECEIVED } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct } from '../../test/fixtures.js';
import { NUL_REFUSED } from '../../plugins/no-nul.js';
import { signIn } from '../../test/users.js';
import { REPORTS_PER_ADDRESS_HOUR } from './routes.js';

// docs/decisions/0058: visitors report a listing; 3 different visitors hide it until staff decide.
describe.each(engines)('listing reports [%s]', (engine) => {
  let t: TestApp;
  let staff: Record<string, string>;
  let address = 0;
  /** A fresh client address per call unless one is given: the per-address rules are tested on purpose. */
  const nextIp = () => `10.58.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = (await signIn(t.app, t.db, 'Moderator')).headers;
  });
  afterAll(() => t.close());

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

  it('hides the item after reports from 3 different visitors, until staff dismiss them', async () => {
    const id = await addProduct(t.db, { name: 'Suspicious Camera' });
    expect(await listedIds()).toContain(id);
    for (const n of [8, 9, 10]) {
      expect((await report(id, { reason: 'suspicious_seller', visitor_id: visitor(n) })).statusCode).toBe(202);
    }
    expect(await listedIds()).not.toContain(id);
    expect((await t.app.inject({ url: `/api/v1/products/${id}` })).statusCode).toBe(404);
    expect((await report(id, { reason: 'looks_stolen', visitor_id: visitor(11) })).statusCode).toBe(404);
    expect(await entryOf(id)).toMatchObject({ visitors: 3, is_published: false, awaiting_review: true });

    const dismissed = await t.app.inject({ method: 'POST', url: `/api/admin/reports/${id}/dismiss`, headers: staff });
    expect(dismissed.statusCode).toBe(200);
    expect(await entryOf(id)).toBeUndefined();
    expect(await listedIds()).toContain(id);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', String(id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'Hid product Suspicious Camera after 3 reports',
      'Dismissed reports of product Suspicious Camera',
    ]);
    // Closed: a second decision finds nothing open.
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/reports/${id}/unpublish`, headers: staff });
    expect(again.statusCode).toBe(404);
  });

  it('hides the item once when three reports arrive at the same moment', async () => {
    const id = await addProduct(t.db, { name: 'Raced Console' });
    const answers = await Promise.all(
      [40, 41, 42, 43].map((n) => report(id, { reason: 'looks_stolen', visitor_id: visitor(n) })),
    );
    // The fourth may find the item already hidden (404); the three before it all count.
    expect(answers.filter((a) => a.statusCode === 202).length).toBeGreaterThanOrEqual(3);
    expect(await entryOf(id)).toMatchObject({ awaiting_review: true });
    const hides = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', String(id))
      .execute();
    expect(hides).toEqual([{ action: 'Hid product Raced Console after 3 reports' }]);
  });

  it('no longer awaits review once staff publish the hidden item by hand', async () => {
    const id = await addProduct(t.db, { name: 'Republished Speaker' });
    for (const n of [30, 31, 32]) await report(id, { reason: 'wrong_description', visitor_id: visitor(n) });
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
