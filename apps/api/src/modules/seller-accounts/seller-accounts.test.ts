import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addShop } from '../../test/fixtures.js';
import { multipartBody } from '../images/testing.js';
import { addUser, login, signIn } from '../../test/users.js';
import { NO_BACK_OFFICE } from '../../plugins/auth.js';
import { ITEM_NOT_FOUND } from '../seller-requests/views.js';
import { nextIp, sellerCalls, sellForm, staffCalls, submit } from '../seller-requests/testing.js';
import { ACCOUNT_EXISTS, ACCOUNT_NOT_ASKED, ALREADY_LINKED } from './service.js';

const PASSWORD = 'kwacha-2026-phiri';

describe.each(engines)('seller accounts [%s]', (engine) => {
  let t: TestApp;
  let staff: ReturnType<typeof staffCalls>;
  let staffHeaders: Record<string, string>;
  const seller = () => sellerCalls(t.app);
  let n = 0;
  const email = () => `seller${++n}@example.mw`;

  const makeAccount = (token: string, password: unknown = PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/sells/${token}/account`,
      payload: { password },
      remoteAddress: nextIp(),
    });
  const items = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/account/items', headers });
  const claim = (headers: Record<string, string>, statusToken: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/account/items', headers, payload: { status_token: statusToken } });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp(engine);
    staffHeaders = (await signIn(t.app, t.db, 'Moderator')).headers;
    staff = staffCalls(t.app, staffHeaders);
  });
  afterAll(() => t.close());

  it('offers the account on the status page, makes it from the link, logs the seller in and lists the item', async () => {
    const address = email();
    const {
      id,
      reference,
      status_token: token,
    } = await submit(t.app, { email: address.toUpperCase(), seller_name: 'Thoko Banda Phiri' }, 1);
    expect((await seller().view(token)).json().account).toEqual({ state: 'offered', email_hint: `s***@example.mw` });

    const made = await makeAccount(token);
    expect(made.statusCode).toBe(201);
    expect(made.headers['cache-control']).toBe('private, no-store');
    const session = made.json();
    expect(session).toEqual({ token: expect.any(String), display_name: 'Thoko Banda Phiri', role: 'User' });
    expect((await seller().view(token)).json().account).toEqual({ state: 'linked', email_hint: `s***@example.mw` });

    const user = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('email', '=', address)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      role: 'User',
      status: 'active',
      first_name: 'Thoko',
      last_name: 'Banda Phiri',
      display_name: 'Thoko Banda Phiri',
    });
    expect(user.password_hash).not.toContain(PASSWORD);

    await staff.approve(id);
    await staff.offer(id, 400000);
    const listed = await items(bearer(session.token));
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('private, no-store');
    expect(listed.json()).toEqual({
      display_name: 'Thoko Banda Phiri',
      email: address,
      total: 1,
      items: [
        {
          reference,
          item_name: 'PlayStation 4 Pro',
          price: 450000,
          status: 'Accepted - Offer Pending',
          status_text: expect.any(String),
          open_offer: 400000,
          image: expect.stringMatching(/\.webp$/),
          created_at: expect.any(String),
          status_token: token,
        },
      ],
    });

    // The same password logs the seller in again later; the back-office stays closed to them.
    const again = await login(t.app, address, PASSWORD, nextIp());
    expect(again.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/seller-requests',
      headers: bearer(again.json().token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NO_BACK_OFFICE);
  });

  it('makes one account per item: a second try, from the same link or a race, is a 409', async () => {
    const { status_token: token } = await submit(t.app, { email: email() });
    const answers = await Promise.all([makeAccount(token), makeAccount(token), makeAccount(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect([ALREADY_LINKED, ACCOUNT_EXISTS]).toContain(a.json().message);
    expect((await makeAccount(token)).json()).toMatchObject({ status: 409, message: ALREADY_LINKED });
  });

  it('never takes over an existing account: staff email or a seller who already has one', async () => {
    const admin = await addUser(t.db, 'Admin', email());
    const { status_token: token } = await submit(t.app, { email: admin.email });
    expect((await seller().view(token)).json().account).toEqual({ state: 'exists', email_hint: 's***@example.mw' });
    const res = await makeAccount(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ACCOUNT_EXISTS);
    // The admin's password still works and nothing was linked.
    expect((await login(t.app, admin.email, undefined, nextIp())).statusCode).toBe(200);
    expect((await seller().view(token)).json().account.state).toBe('exists');
  });

  it('only when the form asked for it; bad passwords and tokens get clear answers', async () => {
    const notAsked = await submit(t.app, { email: email(), create_seller_account: 'false' });
    expect((await seller().view(notAsked.status_token)).json().account).toBeNull();
    expect((await makeAccount(notAsked.status_token)).json()).toMatchObject({
      status: 409,
      message: ACCOUNT_NOT_ASKED,
    });

    const { status_token: token } = await submit(t.app, { email: email() });
    for (const [password, message] of [
      ['short', 'Password must be at least 8 characters'],
      ['', 'Password is required'],
      ['x'.repeat(129), 'Password must be at most 128 characters'],
      [12345678, 'Password is required'],
    ] as const) {
      const res = await makeAccount(token, password);
      expect(res.statusCode, String(password)).toBe(400);
      expect(res.json().errors.password).toBe(message);
    }
    for (const bad of ['x'.repeat(32), 'short', 'A'.repeat(90)]) {
      const res = await makeAccount(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().message).toBe(ITEM_NOT_FOUND);
    }
    expect((await seller().view(token)).json().account.state).toBe('offered');
  });

  it('adds an older item to the account with its link, and new submissions of a logged-in seller go straight in', async () => {
    const address = email();
    const first = await submit(t.app, { email: address });
    const older = await submit(t.app, { email: address, item_name: 'Nokia 105' });
    const session = (await makeAccount(first.status_token)).json();
    const headers = bearer(session.token);
    expect((await seller().view(older.status_token)).json().account.state).toBe('exists');

    const claimed = await claim(headers, older.status_token);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().items.map((i: { reference: string }) => i.reference)).toEqual([
      older.reference,
      first.reference,
    ]);
    expect((await seller().view(older.status_token)).json().account.state).toBe('linked');
    // Claiming again is harmless; a wrong link is not found; another account cannot take it.
    expect((await claim(headers, older.status_token)).statusCode).toBe(200);
    expect((await claim(headers, 'not-a-token')).statusCode).toBe(404);
    const other = await signIn(t.app, t.db, 'User');
    expect((await claim(other.headers, older.status_token)).json()).toMatchObject({
      status: 409,
      message: ALREADY_LINKED,
    });
    expect((await items(other.headers)).json()).toMatchObject({ total: 0, items: [] });

    // Submitting while logged in: the item is in the account at once, checkbox or not.
    const body = await multipartBody(
      sellForm({ email: address, item_name: 'HP Laptop', create_seller_account: 'false' }),
    );
    const sold = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sells',
      headers: { ...body.headers, ...headers },
      payload: body.payload,
      remoteAddress: nextIp(),
    });
    expect(sold.statusCode).toBe(201);
    const mine = (await items(headers)).json();
    expect(mine.total).toBe(3);
    expect(mine.items[0]).toMatchObject({
      reference: sold.json().reference,
      item_name: 'HP Laptop',
      open_offer: null,
      image: null,
    });
    // A stale or forged session on the public form is ignored, not refused: the item is simply not linked.
    const stale = await multipartBody(sellForm({ email: email() }));
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sells',
      headers: { ...stale.headers, authorization: `Bearer ${'x'.repeat(43)}` },
      payload: stale.payload,
      remoteAddress: nextIp(),
    });
    expect(anon.statusCode).toBe(201);
  });

  it('asks for a session for the account pages, and a deleted account leaves its requests with staff', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account/items' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/account/items', payload: { status_token: 'x' } })).statusCode,
    ).toBe(401);

    const { id, status_token: token } = await submit(t.app, { email: email() });
    const session = (await makeAccount(token)).json();
    const owner = await t.db.kysely
      .selectFrom('seller_requests')
      .select('seller_user_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const admin = await signIn(t.app, t.db, 'Admin');
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/admin/users/${owner.seller_user_id}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect((await items(bearer(session.token))).statusCode).toBe(401);
    expect((await staff.detail(id)).id).toBe(id);
    expect((await seller().view(token)).json().account.state).toBe('offered');
  });

  it('takes a request in an account through the offer to inventory as before', async () => {
    const shopId = await addShop(t.db, 'Zomba Shop', { town: 'Zomba' });
    const categoryId = await addCategory(t.db, 'Consoles');
    const { id, status_token: token } = await submit(t.app, { email: email() });
    await makeAccount(token);
    await staff.approve(id);
    await staff.offer(id, 300000);
    expect((await seller().accept(token)).statusCode).toBe(200);
    expect((await staff.addToInventory(id, { shop_id: shopId, category_id: categoryId })).statusCode).toBe(200);
  });
});
