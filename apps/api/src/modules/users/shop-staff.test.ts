import { SHOP_ONLY_FOR_STAFF, SHOP_REQUIRED } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addShop } from '../../test/fixtures.js';
import { login, signIn, TEST_PASSWORD } from '../../test/users.js';
import { UNKNOWN_SHOP } from './service.js';

// docs/decisions/0061: an Admin makes Shop staff for one shop; only that role has a shop.
describe.each(engines)('Shop staff users [%s]', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let shopId: number;
  let otherShop: number;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = (await signIn(t.app, t.db, 'Admin')).headers;
    shopId = await addShop(t.db, 'Lilongwe Shop');
    otherShop = await addShop(t.db, 'Mzuzu Shop');
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url: `/api/admin/users${url}`, headers: admin, payload });
  const person = () => ({
    first_name: 'Tadala',
    last_name: 'Phiri',
    display_name: 'Tadala',
    email: `tadala.${++n}@example.mw`,
    password: TEST_PASSWORD,
  });

  it('creates Shop staff for a shop, who log in and are told their shop', async () => {
    const body = { ...person(), role: 'Shop staff', shop_id: shopId };
    const res = await call('POST', '', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ role: 'Shop staff', shop_id: shopId });
    const session = await login(t.app, body.email);
    expect(session.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${session.json().token}` },
    });
    expect(me.json()).toMatchObject({ role: 'Shop staff', shop_id: shopId });
  });

  it.each([
    [{ role: 'Shop staff' }, SHOP_REQUIRED],
    [{ role: 'Shop staff', shop_id: null }, SHOP_REQUIRED],
    [{ role: 'Moderator', shop_id: 1 }, SHOP_ONLY_FOR_STAFF],
    [{ role: 'Admin', shop_id: 1 }, SHOP_ONLY_FOR_STAFF],
  ])('refuses %j on create with a message on the shop', async (change, message) => {
    const res = await call('POST', '', { ...person(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.shop_id).toBe(message);
  });

  it('refuses an unknown shop with a message on the field', async () => {
    const res = await call('POST', '', { ...person(), role: 'Shop staff', shop_id: 987654 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.shop_id).toBe(UNKNOWN_SHOP);
  });

  it('moves Shop staff to another shop, ending their sessions; other roles are edited as before', async () => {
    const body = { ...person(), role: 'Shop staff', shop_id: shopId };
    const { id } = (await call('POST', '', body)).json();
    const token = (await login(t.app, body.email)).json().token as string;
    const moved = await call('PUT', `/${id}`, {
      display_name: 'Tadala',
      email: body.email,
      role: 'Shop staff',
      status: 'active',
      shop_id: otherShop,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().shop_id).toBe(otherShop);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stale.statusCode).toBe(401);
    // An old client that sends no shop: a Moderator has none, and becoming one drops the shop.
    const promoted = await call('PUT', `/${id}`, {
      display_name: 'Tadala',
      email: body.email,
      role: 'Moderator',
      status: 'active',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'Moderator', shop_id: null });
  });
});
