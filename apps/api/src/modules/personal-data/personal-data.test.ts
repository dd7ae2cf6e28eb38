import { ERASE_REFUSED_OPEN_ORDER, ERASE_REFUSED_OPEN_PAYOUT, ERASED_NAME } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addProduct, addShop } from '../../test/fixtures.js';
import { rowsHolding } from '../../test/person-scan.js';
import { addUser, signIn } from '../../test/users.js';
import { enqueueMessages } from '../notifications/outbox.js';
import { MASK } from './mask.js';
import { items, placeOrder, staffStep } from '../orders/testing.js';
import { staffCalls, submit } from '../seller-requests/testing.js';
import { offerBody, offersApi } from '../offers/testing.js';
import { eraseEndedPersonalData, retentionCutoff } from './retention.js';

const MONTH_MS = 30 * 86_400_000;

describe.each(engines)('personal data [%s]', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let moderator: Record<string, string>;
  let shopStaff: Record<string, string>;
  let shopId: number;
  let categoryId: number;
  const clock = testClock(new Date('2026-11-20T08:00:00Z'));
  let people = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    admin = (await signIn(t.app, t.db, 'Admin')).headers;
    moderator = (await signIn(t.app, t.db, 'Moderator')).headers;
    shopId = await addShop(t.db, 'Lilongwe Shop');
    shopStaff = (await signIn(t.app, t.db, 'Shop staff', shopId)).headers;
    categoryId = await addCategory(t.db, 'Phones');
  });
  afterAll(() => t.close());

  /** A person of their own: a phone, an email and a name nobody else in the file has. */
  function person() {
    people++;
    const n = String(people).padStart(3, '0');
    return {
      phone: `+265888777${n}`,
      written: `0888 777 ${n}`,
      email: `Person${n}@Example.mw`,
      name: `Tiyamike Zulu${n}`,
    };
  }

  async function order(p: ReturnType<typeof person>, end: 'complete' | 'cancel' | 'open') {
    const product = await addProduct(t.db, {
      name: `Phone ${people}-${Math.random().toString(36).slice(2, 6)}`,
      shopId,
      categoryId,
      price: 100_000,
    });
    const res = await placeOrder(t.app, items(product), {
      phone: p.written,
      email: p.email,
      buyer_name: p.name,
      shop_id: shopId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { number } = (res.json() as { orders: { number: string }[] }).orders[0]!;
    const { id } = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    if (end === 'complete') {
      expect((await staffStep(t.app, t.db, admin, { id, step: 'confirm', payload: {} })).statusCode).toBe(200);
      expect((await staffStep(t.app, t.db, admin, { id, step: 'ready', payload: {} })).statusCode).toBe(200);
      const done = await staffStep(t.app, t.db, admin, { id, step: 'complete', payload: { payment_method: 'cash' } });
      expect(done.statusCode, done.body).toBe(200);
    }
    if (end === 'cancel')
      expect(
        (await staffStep(t.app, t.db, admin, { id, step: 'cancel', payload: { reason: 'Changed mind' } })).statusCode,
      ).toBe(200);
    return id;
  }

  async function sellerRequest(p: ReturnType<typeof person>, end: 'reject' | 'open') {
    const { id } = await submit(t.app, { phone: p.written, email: p.email, seller_name: p.name });
    if (end === 'reject') expect((await staffCalls(t.app, moderator).reject(id)).statusCode).toBe(200);
    return id;
  }

  /** Moves an order's or request's end (and its events' times) back, as if it ended that long ago. */
  async function endedAgo(table: 'orders' | 'seller_requests', id: number, months: number) {
    const at = new Date(clock().getTime() - months * MONTH_MS).toISOString();
    await t.db.kysely.updateTable(table).set({ updated_at: at, created_at: at }).where('id', '=', id).execute();
    if (table === 'orders')
      await t.db.kysely
        .updateTable('orders')
        .set({ completed_at: at })
        .where('id', '=', id)
        .where('completed_at', 'is not', null)
        .execute();
  }

  const ledgerSums = async () =>
    t.db.kysely
      .selectFrom('ledger_entries')
      .select(['direction', (eb) => eb.fn.sum<number>('amount').as('total'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('direction')
      .orderBy('direction')
      .execute()
      .then((rows) => rows.map((r) => ({ direction: r.direction, total: Number(r.total), n: Number(r.n) })));

  const find = (query: string, headers = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/personal-data?${query}`, headers });
  const erase = (payload: object, headers = admin) =>
    t.app.inject({ method: 'POST', url: '/api/admin/personal-data/erase', headers, payload });

  it('the retention job erases what ended more than PERSONAL_DATA_MONTHS ago, keeps the figures, and is idempotent', async () => {
    const old = person();
    const recent = person();
    const openOne = person();
    const oldDone = await order(old, 'complete');
    const oldCancelled = await order(old, 'cancel');
    const oldRequest = await sellerRequest(old, 'reject');
    const recentDone = await order(recent, 'complete');
    const recentRequest = await sellerRequest(recent, 'reject');
    const openOrder = await order(openOne, 'open');
    const openRequest = await sellerRequest(openOne, 'open');
    for (const id of [oldDone, oldCancelled]) await endedAgo('orders', id, 25);
    await endedAgo('seller_requests', oldRequest, 25);
    await endedAgo('orders', recentDone, 23);
    await endedAgo('seller_requests', recentRequest, 23);
    // Open ones are never erased, however old.
    await endedAgo('orders', openOrder, 40);
    await endedAgo('seller_requests', openRequest, 40);
    const ledgerBefore = await ledgerSums();
    expect(ledgerBefore.length).toBeGreaterThan(0);

    const first = await eraseEndedPersonalData(t.db, clock(), 24);
    expect(first.orders).toBe(2);
    expect(first.seller_requests).toBe(1);

    const orders = await t.db.kysely
      .selectFrom('orders')
      .select(['id', 'buyer_name', 'phone', 'email', 'total', 'status'])
      .where('id', 'in', [oldDone, oldCancelled, recentDone, openOrder])
      .orderBy('id')
      .execute();
    expect(orders.map((o) => [o.buyer_name, o.phone, o.email])).toEqual([
      [ERASED_NAME, '', null],
      [ERASED_NAME, '', null],
      [recent.name, recent.phone, recent.email.toLowerCase()],
      [openOne.name, openOne.phone, openOne.email.toLowerCase()],
    ]);
    expect(orders.every((o) => o.total === 100_000)).toBe(true);
    expect(orders.map((o) => o.status)).toEqual(['Completed', 'Cancelled', 'Completed', 'Placed']);
    const requests = await t.db.kysely
      .selectFrom('seller_requests')
      .select(['seller_name', 'phone', 'email', 'location', 'price'])
      .where('id', 'in', [oldRequest, recentRequest, openRequest])
      .orderBy('id')
      .execute();
    expect(requests.map((r) => [r.seller_name, r.phone])).toEqual([
      [ERASED_NAME, ''],
      [recent.name, recent.phone],
      [openOne.name, openOne.phone],
    ]);
    expect(requests[0]).toMatchObject({ email: '', location: '' });
    expect(requests.every((r) => r.price === 450_000)).toBe(true);
    expect(await rowsHolding(t.db, [old.phone, old.email, old.name, old.phone.slice(4)])).toEqual([]);
    expect(await ledgerSums()).toEqual(ledgerBefore);

    const second = await eraseEndedPersonalData(t.db, clock(), 24);
    expect(second).toMatchObject({ orders: 0, seller_requests: 0, seller_accounts: 0, messages: 0 });
    expect(await ledgerSums()).toEqual(ledgerBefore);
    // The recent ones go once their own 24 months are past.
    clock.advance(2 * MONTH_MS);
    const later = await eraseEndedPersonalData(t.db, clock(), 24);
    expect(later).toMatchObject({ orders: 1, seller_requests: 1 });
    expect(await rowsHolding(t.db, [recent.phone, recent.email, recent.name])).toEqual([]);
    expect(await find(`phone=${encodeURIComponent(openOne.written)}`).then((r) => r.json().orders.length)).toBe(1);
    clock.set(new Date('2026-11-20T08:00:00Z'));
  });

  it("the retention job erases reporters' phones after PERSONAL_DATA_MONTHS, keeping the reports", async () => {
    const product = await addProduct(t.db, { name: 'Reported Kettle', shopId, categoryId });
    const report = (phone: string, monthsAgo: number) =>
      t.db.kysely
        .insertInto('product_reports')
        .values({
          product_id: product,
          visitor_id: `retention-visitor-${phone.slice(1)}`,
          address_group: '10.0.0.9',
          phone,
          reason: 'wrong_price',
          note: null,
          created_at: new Date(clock().getTime() - monthsAgo * MONTH_MS).toISOString(),
          closed_at: null,
          decision: null,
          hid_at: null,
        })
        .execute();
    await report('+265888111001', 25);
    await report('+265888111002', 23);
    await eraseEndedPersonalData(t.db, clock(), 24);
    const phones = await t.db.kysely
      .selectFrom('product_reports')
      .select('phone')
      .where('product_id', '=', product)
      .orderBy('id')
      .execute();
    expect(phones).toEqual([{ phone: expect.stringMatching(/^erased-\d+$/) }, { phone: '+265888111002' }]);
  });

  it("the retention job erases the buyers of offers that ended before PERSONAL_DATA_MONTHS, never a live one's", async () => {
    const product = await addProduct(t.db, { name: 'Haggled Radio', shopId, categoryId, price: 100_000 });
    const offer = (n: number, status: 'declined' | 'open', monthsAgo: number) => {
      const at = new Date(clock().getTime() - monthsAgo * MONTH_MS).toISOString();
      return t.db.kysely
        .insertInto('offers')
        .values({
          reference: `O-RET${n}`,
          token_hash: `retention-${n}`.padEnd(64, '0'),
          product_id: product,
          shop_id: shopId,
          list_price: 100_000,
          amount: 80_000,
          counter_amount: null,
          agreed_amount: null,
          buyer_name: `Retention Buyer ${n}`,
          phone: `+26588822200${n}`,
          note: 'After payday',
          status,
          decline_reason: status === 'declined' ? 'too_low' : null,
          expires_at: null,
          agreed_until: null,
          order_id: null,
          address_group: '10.0.0.9',
          decided_by: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    };
    await offer(1, 'declined', 25);
    await offer(2, 'declined', 23);
    await offer(3, 'open', 25);
    const report = await eraseEndedPersonalData(t.db, clock(), 24);
    expect(report.offers).toBe(1);
    const rows = await t.db.kysely
      .selectFrom('offers')
      .select(['buyer_name', 'phone', 'note', 'status'])
      .where('product_id', '=', product)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { buyer_name: ERASED_NAME, phone: expect.stringMatching(/^erased-\d+$/), note: null, status: 'declined' },
      { buyer_name: 'Retention Buyer 2', phone: '+265888222002', note: 'After payday', status: 'declined' },
      { buyer_name: 'Retention Buyer 3', phone: '+265888222003', note: 'After payday', status: 'open' },
    ]);
  });

  it('cuts off at calendar months before now', () => {
    expect(retentionCutoff(new Date('2026-11-20T08:00:00Z'), 24)).toBe('2024-11-20T08:00:00.000Z');
  });

  it('finds and exports everything kept about a phone or an email, and records each in the audit log', async () => {
    const p = person();
    const orderId = await order(p, 'complete');
    const requestId = await sellerRequest(p, 'reject');
    const now = clock().toISOString();
    await t.db.kysely
      .insertInto('alerts')
      .values({
        phone: p.phone,
        kind: 'search',
        product_id: null,
        query: 'samsung',
        filters: null,
        language: 'en',
        base_price: null,
        base_orderable: null,
        stop_hash: `stop-${p.phone}`,
        created_at: now,
        expires_at: now,
        told_at: null,
        ended_at: null,
      })
      .execute();
    const res = await find(`phone=${encodeURIComponent(p.written)}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json();
    expect(data.phone).toBe(p.phone);
    expect(data.orders.map((o: { id: number; buyer_name: string }) => [o.id, o.buyer_name])).toEqual([
      [orderId, p.name],
    ]);
    expect(data.seller_requests.map((r: { id: number }) => r.id)).toEqual([requestId]);
    expect(data.alerts).toHaveLength(1);
    expect(data.messages.length).toBeGreaterThan(0);

    const byEmail = await find(`email=${encodeURIComponent(p.email.toUpperCase())}`);
    expect(byEmail.json().orders.map((o: { id: number }) => o.id)).toEqual([orderId]);
    expect(byEmail.json().seller_requests.map((r: { id: number }) => r.id)).toEqual([requestId]);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/personal-data/export?phone=${encodeURIComponent(p.phone)}`,
      headers: admin,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toBe('attachment; filename="personal-data-2026-11-20.json"');
    const exported = JSON.parse(file.body);
    expect(exported.orders[0]).toMatchObject({ id: orderId, buyer_name: p.name, phone: p.phone, total: 100_000 });
    expect(exported.seller_requests[0]).toMatchObject({
      id: requestId,
      seller_name: p.name,
      item_name: 'PlayStation 4 Pro',
    });
    expect(exported.alerts[0]).toMatchObject({ kind: 'search', query: 'samsung' });

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('subject_type', '=', 'personal_data')
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    const counts = '1 orders, 1 seller requests, 0 seller accounts';
    expect(audit).toEqual([
      { action: `Exported personal data by phone …${p.phone.slice(-3)}`, detail: counts },
      { action: 'Looked up personal data by email p…@example.mw', detail: counts },
      { action: `Looked up personal data by phone …${p.phone.slice(-3)}`, detail: counts },
    ]);
    expect(JSON.stringify(audit)).not.toContain(p.phone);
  });

  it('cannot be used to take over an account or collect an order: no usable link or code in a look-up or export', async () => {
    const p = person();
    const orderId = await order(p, 'open');
    await sellerRequest(p, 'open');
    await addUser(t.db, 'User', { email: p.email.toLowerCase() });
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: p.email },
    });
    expect(forgot.statusCode).toBe(202);
    await enqueueMessages(
      t.db.kysely,
      [
        {
          channel: 'sms',
          recipient: p.phone,
          body: 'Your Marketplace Malawi code is 482913',
          subjectType: 'phone_code',
          subjectId: 1,
        },
      ],
      clock(),
    );

    // What the messages really carry: the collection code, the SMS code and every link's token.
    const { collection_code: collectionCode, number } = await t.db.kysely
      .selectFrom('orders')
      .select(['collection_code', 'number'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const raw = await t.db.kysely
      .selectFrom('outbox_messages')
      .select('body')
      .where((eb) => eb.or([eb('recipient', '=', p.phone), eb('recipient', '=', p.email.toLowerCase())]))
      .execute();
    const rawText = raw.map((m) => m.body).join('\n');
    const tokens = [...rawText.matchAll(/https?:\/\/\S+\/([\w-]{16,})/g)].map((m) => m[1]!);
    const resetToken = /\/reset-password\/([\w-]+)/.exec(rawText)?.[1];
    expect(resetToken).toBeDefined();
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    expect(rawText).toContain(collectionCode!);
    const secrets = [collectionCode!, '482913', ...tokens];

    const answers = [];
    for (const query of [`phone=${encodeURIComponent(p.phone)}`, `email=${encodeURIComponent(p.email)}`]) {
      const found = await find(query);
      expect(found.statusCode).toBe(200);
      answers.push(found.body);
      const file = await t.app.inject({ url: `/api/admin/personal-data/export?${query}`, headers: admin });
      expect(file.statusCode).toBe(200);
      answers.push(file.body);
    }
    for (const answer of answers) {
      for (const secret of secrets) expect(answer).not.toContain(secret);
      const said = JSON.stringify(JSON.parse(answer).messages);
      expect(said).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
      expect(answer).not.toContain('collection_code');
      // Every link keeps its address and plain words only: nothing left to open.
      for (const [link] of answer.matchAll(/https?:\/\/[^\s"\\]+/g))
        expect(
          link
            .split('/')
            .slice(3)
            .every((part) => /^[a-z-]*$/.test(part) || part.startsWith(MASK)),
          link,
        ).toBe(true);
    }
    // Still readable: the staff see what was said, and to whom, without what it opens.
    const messages = answers.flatMap((a) => JSON.parse(a).messages.map((m: { body: string }) => m.body));
    expect(messages).toContainEqual(expect.stringContaining(`order ${number} is reserved`));
    expect(messages).toContainEqual(expect.stringContaining(`/reset-password/${MASK}`));
    expect(messages).toContain(`Your Marketplace Malawi code is ${MASK}`);
    // The real link still works for its owner: the test would have seen a leak.
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/password-reset/${resetToken}`,
      payload: { password: 'a brand new password 2026' },
    });
    expect(reset.statusCode).toBe(204);
  });

  it('erases everything of the person: nothing left in any table, message or search index; the ledger still sums', async () => {
    const p = person();
    await order(p, 'complete');
    await order(p, 'cancel');
    await sellerRequest(p, 'reject');
    const now = clock().toISOString();
    const product = await addProduct(t.db, { name: 'Moved phone', shopId, categoryId });
    // An offer still waiting for the shop, with a note and the SMS that sent its link (decision 0103).
    const offered = await addProduct(t.db, { name: 'Offered radio', shopId, categoryId, price: 100_000 });
    const offer = await offersApi(t.app).make(
      offered,
      offerBody(90_000, { buyer_name: p.name, phone: p.written, note: 'Can collect on Friday' }),
    );
    expect(offer.statusCode, offer.body).toBe(201);
    await t.db.kysely
      .insertInto('stock_requests')
      .values({
        product_id: product,
        to_shop_id: shopId,
        buyer_name: p.name,
        phone: p.phone,
        address_group: '10.0.0.9',
        state: 'declined',
        reason: null,
        created_at: now,
        decided_by: null,
        decided_at: now,
      })
      .execute();
    await t.db.kysely
      .insertInto('phone_codes')
      .values({
        phone: p.phone,
        code_hash: 'x'.repeat(64),
        client_group: '10.0.0.9',
        expires_at: now,
        used_at: null,
        created_at: now,
      })
      .execute();
    // A report of a listing proved with the phone (decision 0086): the report stays, its phone goes.
    await t.db.kysely
      .insertInto('product_reports')
      .values({
        product_id: product,
        visitor_id: `erase-test-visitor-${people}`,
        address_group: '10.0.0.9',
        phone: p.phone,
        reason: 'looks_stolen',
        note: null,
        created_at: now,
        closed_at: null,
        decision: null,
        hid_at: null,
      })
      .execute();
    const before = (await find(`phone=${encodeURIComponent(p.phone)}`)).json();
    expect(before.listing_reports).toBe(1);
    expect(before.offers).toEqual([
      expect.objectContaining({ product_id: offered, amount: 90_000, buyer_name: p.name, status: 'open' }),
    ]);
    const ledgerBefore = await ledgerSums();
    const res = await erase({ phone: p.written });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      orders: 2,
      seller_requests: 1,
      transfer_requests: 1,
      offers: 1,
      phone_codes: 1,
    });
    // The offer stays for the figures, withdrawn: nobody is left to answer it.
    expect(
      await t.db.kysely
        .selectFrom('offers')
        .select(['status', 'buyer_name', 'note'])
        .where('product_id', '=', offered)
        .execute(),
    ).toEqual([{ status: 'withdrawn', buyer_name: ERASED_NAME, note: null }]);
    expect(await rowsHolding(t.db, [p.phone, p.phone.slice(4), p.email, p.name])).toEqual([]);
    expect(await ledgerSums()).toEqual(ledgerBefore);
    const reports = await t.db.kysely
      .selectFrom('product_reports')
      .select('phone')
      .where('product_id', '=', product)
      .execute();
    expect(reports).toEqual([{ phone: expect.stringMatching(/^erased-\d+$/) }]);
    const after = (await find(`phone=${encodeURIComponent(p.phone)}`)).json();
    expect(after).toMatchObject({
      orders: [],
      seller_requests: [],
      messages: [],
      alerts: [],
      transfer_requests: [],
      offers: [],
      phone_codes: 0,
      listing_reports: 0,
    });
    // Erasing again finds nothing to erase.
    expect((await erase({ phone: p.written })).json()).toMatchObject({ orders: 0, seller_requests: 0 });
  });

  it('erases by email, the seller account made from the request included', async () => {
    const p = person();
    const requestId = await sellerRequest(p, 'reject');
    const account = await t.db.kysely
      .insertInto('users')
      .values({
        email: p.email.toLowerCase(),
        password_hash: 'x',
        first_name: 'Tiyamike',
        last_name: p.name,
        display_name: p.name,
        role: 'User',
        status: 'active',
        created_at: clock().toISOString(),
        updated_at: clock().toISOString(),
        email_confirmed_at: clock().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable('seller_requests')
      .set({ seller_user_id: account.id })
      .where('id', '=', requestId)
      .execute();
    // A password-reset link and a failed login under the email: gone with the account.
    const at = clock().toISOString();
    await t.db.kysely
      .insertInto('email_links')
      .values({
        purpose: 'password_reset',
        token_hash: `reset-${p.phone}`,
        email: p.email,
        user_id: null,
        seller_request_id: null,
        password_hash: null,
        created_at: at,
        expires_at: at,
        used_at: null,
      })
      .execute();
    await t.db.kysely
      .insertInto('login_failures')
      .values({ email_key: p.email.toLowerCase(), ip: '10.0.0.9', created_at: at })
      .execute();
    const found = (await find(`email=${encodeURIComponent(p.email)}`)).json();
    expect(found.seller_accounts.map((a: { id: number }) => a.id)).toEqual([account.id]);
    const res = await erase({ email: p.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ seller_requests: 1, seller_accounts: 1 });
    expect(await rowsHolding(t.db, [p.phone, p.email, p.name])).toEqual([]);
    const user = await t.db.kysely
      .selectFrom('users')
      .select(['status', 'display_name'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ status: 'inactive', display_name: ERASED_NAME });
  });

  it('refuses while an order is open or a payout to the person is open, and erases nothing', async () => {
    const p = person();
    const openOrder = await order(p, 'open');
    const refused = await erase({ phone: p.phone });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ERASE_REFUSED_OPEN_ORDER);
    expect(await rowsHolding(t.db, [p.phone])).not.toEqual([]);
    const cancelled = await staffStep(t.app, t.db, admin, {
      id: openOrder,
      step: 'cancel',
      payload: { reason: 'Asked to erase' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const requestId = await sellerRequest(p, 'reject');
    const now = clock().toISOString();
    await t.db.kysely
      .insertInto('money_transfers')
      .values({
        kind: 'seller_payout',
        transfer_id: `payout-${requestId}`,
        order_id: null,
        seller_request_id: requestId,
        refund_of: null,
        method: 'airtel_money',
        mobile: p.phone,
        amount: 1000,
        status: 'pending',
        reference: null,
        fee: null,
        note: null,
        staff_id: null,
        check_at: null,
        created_at: now,
        updated_at: now,
        settled_at: null,
      })
      .execute();
    const payout = await erase({ email: p.email });
    expect(payout.statusCode).toBe(409);
    expect(payout.json().message).toBe(ERASE_REFUSED_OPEN_PAYOUT);
    await t.db.kysely
      .updateTable('money_transfers')
      .set({ status: 'paid' })
      .where('seller_request_id', '=', requestId)
      .execute();
    expect((await erase({ phone: p.phone })).statusCode).toBe(200);
  });

  it('is for Admins only, and wants exactly one of phone or email', async () => {
    for (const headers of [moderator, shopStaff]) {
      expect((await find('phone=0888777001', headers)).statusCode).toBe(403);
      expect((await erase({ phone: '0888777001' }, headers)).statusCode).toBe(403);
      const file = await t.app.inject({
        method: 'GET',
        url: '/api/admin/personal-data/export?phone=0888777001',
        headers,
      });
      expect(file.statusCode).toBe(403);
    }
    expect((await find('')).statusCode).toBe(400);
    expect((await find('phone=12345')).statusCode).toBe(400);
    expect((await find('phone=0888777001&email=a@example.mw')).statusCode).toBe(400);
  });

  it("runs as the server's background job, once at start and then hourly", async () => {
    const p = person();
    const id = await order(p, 'cancel');
    await endedAgo('orders', id, 30);
    const server = await buildTestApp(t.db, { jobs: true, clock, personalDataMonths: 24 });
    // Closing waits for the round in flight: the one run at start.
    await server.close();
    const row = await t.db.kysely
      .selectFrom('orders')
      .select(['buyer_name', 'phone'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ buyer_name: ERASED_NAME, phone: '' });
  });
});
