import { COMMON_PASSWORD } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addShop } from '../../test/fixtures.js';
import { multipartBody } from '../images/testing.js';
import { addUser, login, signIn, TEST_PASSWORD } from '../../test/users.js';
import { NO_BACK_OFFICE } from '../../plugins/auth.js';
import { ITEM_NOT_FOUND } from '../seller-requests/views.js';
import { nextIp, sellerCalls, sellForm, staffCalls, submit } from '../seller-requests/testing.js';
import { hashPassword } from '../passwords/password.js';
import { startMailbox } from '../auth/testing.js';
import { ACCOUNT_EXISTS, ACCOUNT_NOT_ASKED, ALREADY_LINKED, CONFIRM_LINK_INVALID } from './service.js';

const PASSWORD = 'kwacha-2026-phiri';

describe.each(engines)('seller accounts [%s]', (engine) => {
  let t: TestApp;
  let staff: ReturnType<typeof staffCalls>;
  let staffHeaders: Record<string, string>;
  const seller = () => sellerCalls(t.app);
  let n = 0;
  const email = () => `seller${++n}@example.mw`;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;

  /** Asks for the account's link; `payload` is what the page sends (an older page also sent a password). */
  const makeAccount = (token: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1/sells/${token}/account`, payload, remoteAddress: nextIp() });
  const confirm = (link: string, password: unknown = PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/account/confirm/${link}`,
      payload: { password },
      remoteAddress: nextIp(),
    });
  /** Asks for the account, opens the mailed link choosing the password: the seller's session. */
  const openAccount = async (token: string, address: string, password = PASSWORD) => {
    expect((await makeAccount(token)).statusCode).toBe(202);
    const res = await confirm(await mailbox.tokenMailed(address, '/account/confirm'), password);
    expect(res.statusCode).toBe(200);
    return res.json() as { token: string; display_name: string; role: string };
  };
  const items = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/account/items', headers });
  const claim = (headers: Record<string, string>, statusToken: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/account/items', headers, payload: { status_token: statusToken } });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp(engine);
    staffHeaders = (await signIn(t.app, t.db, 'Moderator')).headers;
    staff = staffCalls(t.app, staffHeaders);
    mailbox = await startMailbox(t.db);
  });
  afterAll(async () => {
    await mailbox.close();
    await t.close();
  });

  it('offers the account on the status page, mails a one-time link, and makes it only when the link is opened', async () => {
    const address = email();
    const {
      id,
      reference,
      status_token: token,
    } = await submit(t.app, { email: address.toUpperCase(), seller_name: 'Thoko Banda Phiri' }, 1);
    expect((await seller().view(token)).json().account).toEqual({ state: 'offered', email_hint: `s***@example.mw` });

    const asked = await makeAccount(token);
    expect(asked.statusCode).toBe(202);
    expect(asked.headers['cache-control']).toBe('private, no-store');
    expect(asked.json()).toEqual({ email_hint: 's***@example.mw' });
    // Nothing is made, and nobody is logged in, until the email's owner opens the link.
    expect(await t.db.kysely.selectFrom('users').select('id').where('email', '=', address).execute()).toEqual([]);
    expect((await seller().view(token)).json().account.state).toBe('offered');
    const mail = await mailbox.lastMailTo(address);
    expect(mail.headers.subject).toBe('Marketplace Malawi: your seller account');
    expect(mail.text).toContain(
      `To finish making your seller account for your item ${reference}, open this link within 24 hours and choose your password:`,
    );
    const link = await mailbox.tokenMailed(address, '/account/confirm');
    expect(mail.text).toContain(`http://localhost:3000/account/confirm/${link}`);
    const stored = await t.db.kysely.selectFrom('email_links').selectAll().where('email', '=', address).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(link);
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);

    const made = await confirm(link);
    expect(made.statusCode).toBe(200);
    expect(made.headers['cache-control']).toBe('private, no-store');
    const session = made.json();
    expect(session).toEqual({ token: expect.any(String), display_name: 'Thoko Banda Phiri', role: 'User' });
    expect((await seller().view(token)).json().account).toEqual({ state: 'linked', email_hint: `s***@example.mw` });
    // The link works once.
    expect((await confirm(link)).json()).toMatchObject({ status: 404, message: CONFIRM_LINK_INVALID });

    const user = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('email', '=', address)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      role: 'User',
      status: 'active',
      email_confirmed_at: expect.any(String),
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

  it('answers the same 202 whether or not the email has an account, and mails its owner instead', async () => {
    const admin = await addUser(t.db, 'Admin', { email: email() });
    const taken = await submit(t.app, { email: admin.email });
    const free = await submit(t.app, { email: email() });
    // The status page says 'offered' for both: it never tells whether an email has an account.
    expect((await seller().view(taken.status_token)).json().account).toEqual({
      state: 'offered',
      email_hint: 's***@example.mw',
    });
    const a = await makeAccount(taken.status_token);
    const b = await makeAccount(free.status_token);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json()).toEqual({ email_hint: 's***@example.mw' });
    expect(b.json()).toEqual({ email_hint: 's***@example.mw' });

    const mail = await mailbox.lastMailTo(admin.email);
    expect(mail.text).toContain(
      `You asked to make a seller account for your item ${taken.reference}, but you already have an account with this email address.`,
    );
    expect(mail.text).not.toContain('/account/confirm/');
    // The admin's password still works and nothing was linked.
    expect((await login(t.app, admin.email, TEST_PASSWORD, nextIp())).statusCode).toBe(200);
    expect((await seller().view(taken.status_token)).json().account.state).toBe('offered');
  });

  it("lets the email's owner replace an account someone made with their address before it had to be proved", async () => {
    const address = email();
    // An account of the old flow: made for an email nobody proved, holding the squatter's own item.
    const squatter = await addUser(t.db, 'User', { email: address });
    const theirs = await submit(t.app, { email: address, item_name: 'Squatter phone' });
    await t.db.kysely
      .updateTable('seller_requests')
      .set({ seller_user_id: squatter.id })
      .where('id', '=', theirs.id)
      .execute();
    const squatterSession = (await login(t.app, address, TEST_PASSWORD, nextIp())).json().token as string;

    const mine = await submit(t.app, { email: address, seller_name: 'Real Owner' });
    const session = await openAccount(mine.status_token, address);
    expect(session.display_name).toBe('Real Owner');
    const listed = (await items(bearer(session.token))).json();
    expect(listed.items.map((i: { reference: string }) => i.reference)).toEqual([mine.reference]);
    // The squatter's password and session no longer open it.
    expect((await login(t.app, address, TEST_PASSWORD, nextIp())).statusCode).toBe(401);
    expect((await items(bearer(squatterSession))).statusCode).toBe(401);
    expect((await login(t.app, address, PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('makes one account per email: a second link of the same email finds the account made', async () => {
    const address = email();
    const first = await submit(t.app, { email: address });
    const second = await submit(t.app, { email: address });
    expect((await makeAccount(first.status_token)).statusCode).toBe(202);
    const firstLink = await mailbox.tokenMailed(address, '/account/confirm');
    expect((await makeAccount(second.status_token)).statusCode).toBe(202);
    const secondLink = await mailbox.tokenMailed(address, '/account/confirm');
    expect((await confirm(firstLink)).statusCode).toBe(200);
    expect((await confirm(secondLink)).json()).toMatchObject({ status: 409, message: ACCOUNT_EXISTS });
    expect((await makeAccount(first.status_token)).json()).toMatchObject({ status: 409, message: ALREADY_LINKED });
  });

  it('only when the form asked for it; bad passwords and tokens get clear answers', async () => {
    const notAsked = await submit(t.app, { email: email(), create_seller_account: 'false' });
    expect((await seller().view(notAsked.status_token)).json().account).toBeNull();
    expect((await makeAccount(notAsked.status_token)).json()).toMatchObject({
      status: 409,
      message: ACCOUNT_NOT_ASKED,
    });

    const address = email();
    const { status_token: token } = await submit(t.app, { email: address });
    expect((await makeAccount(token)).statusCode).toBe(202);
    const link = await mailbox.tokenMailed(address, '/account/confirm');
    for (const [password, message] of [
      ['short', 'Password must be at least 10 characters'],
      ['nine-char', 'Password must be at least 10 characters'],
      ['password123', COMMON_PASSWORD],
      ['QWERTYUIOP', COMMON_PASSWORD],
      ['', 'Password is required'],
      ['x'.repeat(129), 'Password must be at most 128 characters'],
      [12345678, 'Password is required'],
    ] as const) {
      const res = await confirm(link, password);
      expect(res.statusCode, String(password)).toBe(400);
      expect(res.json().errors.password).toBe(message);
    }
    // An older confirm page sends no password at all.
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/v1/account/confirm/${link}`,
      remoteAddress: nextIp(),
    });
    expect(none.statusCode).toBe(400);
    for (const bad of ['x'.repeat(32), 'short', 'A'.repeat(90)]) {
      const res = await makeAccount(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().message).toBe(ITEM_NOT_FOUND);
    }
    expect((await seller().view(token)).json().account.state).toBe('offered');
    // A refused password leaves the link unused.
    expect((await confirm(link)).statusCode).toBe(200);
  });

  it("does not let whoever holds the item's private link choose the password of the account the email's owner confirms", async () => {
    const address = email();
    const squatterPassword = 'squatter-chose-this-2026';
    const { status_token: token } = await submit(t.app, { email: address, seller_name: 'Real Owner' });
    // An older page still sends a password: it is dropped, and nothing of it is kept.
    expect((await makeAccount(token, { password: squatterPassword })).statusCode).toBe(202);
    const stored = await t.db.kysely
      .selectFrom('email_links')
      .select('password_hash')
      .where('email', '=', address)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toBeNull();
    const link = await mailbox.tokenMailed(address, '/account/confirm');
    expect((await confirm(link, PASSWORD)).statusCode).toBe(200);
    expect((await login(t.app, address, squatterPassword, nextIp())).statusCode).toBe(401);
    expect((await login(t.app, address, PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('keeps a link mailed before the password moved to the confirm page working, without its requester’s password', async () => {
    const address = email();
    const squatterPassword = 'squatter-chose-this-2026';
    const { status_token: token } = await submit(t.app, { email: address });
    expect((await makeAccount(token)).statusCode).toBe(202);
    // What the link held before decision 0086: the requester's password, hashed.
    await t.db.kysely
      .updateTable('email_links')
      .set({ password_hash: await hashPassword(squatterPassword) })
      .where('email', '=', address)
      .execute();
    const link = await mailbox.tokenMailed(address, '/account/confirm');
    expect((await confirm(link, PASSWORD)).statusCode).toBe(200);
    expect((await login(t.app, address, squatterPassword, nextIp())).statusCode).toBe(401);
    expect((await login(t.app, address, PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('adds an older item to the account with its link, and new submissions of a logged-in seller go straight in', async () => {
    const address = email();
    const first = await submit(t.app, { email: address });
    const older = await submit(t.app, { email: address, item_name: 'Nokia 105' });
    const session = await openAccount(first.status_token, address);
    const headers = bearer(session.token);
    expect((await seller().view(older.status_token)).json().account.state).toBe('offered');

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

    const address = email();
    const { id, status_token: token } = await submit(t.app, { email: address });
    const session = await openAccount(token, address);
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
    const address = email();
    const { id, status_token: token } = await submit(t.app, { email: address });
    await openAccount(token, address);
    await staff.approve(id);
    await staff.offer(id, 300000);
    expect((await seller().accept(token)).statusCode).toBe(200);
    expect((await staff.addToInventory(id, { shop_id: shopId, category_id: categoryId })).statusCode).toBe(200);
  });
});
