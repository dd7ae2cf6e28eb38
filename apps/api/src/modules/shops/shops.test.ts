import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { SHOP_IN_USE } from './routes.js';

describe.each(engines)('shops API [%s]', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let moderator: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = (await signIn(t.app, t.db, 'Admin')).headers;
    moderator = (await signIn(t.app, t.db, 'Moderator')).headers;
  });
  afterAll(() => t.close());

  const shop = { name: 'Zomba Shop', address: 'Market Street, Zomba', contact: 'Mon-Sat 08:00-17:00' };

  it('lets Admins create, everyone staff edit, and lists shops publicly and in the back-office', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/shops', headers: admin, payload: shop });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/shops', headers: moderator, payload: shop })).statusCode).toBe(403);
    const edited = await t.app.inject({ method: 'PUT', url: `/api/admin/shops/${id}`, headers: moderator, payload: { ...shop, contact: 'Daily 07:00-19:00' } });
    expect(edited.json()).toEqual({ id, ...shop, contact: 'Daily 07:00-19:00' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/shops', headers: moderator })).json()).toMatchObject({ total: 1, shops: [{ id }] });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/shops' })).json().shops[0].name).toBe('Zomba Shop');
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/shops/${id}`, headers: admin })).json().contact).toBe('Daily 07:00-19:00');
  });

  it.each([
    ['name', 'Shop name is required'],
    ['address', 'Address is required'],
    ['contact', 'Opening hours are required'],
  ])('requires %s', async (field, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/shops', headers: admin, payload: { ...shop, [field]: ' ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses to delete a shop that has products, deletes an empty one', async () => {
    const used = (await t.app.inject({ method: 'POST', url: '/api/admin/shops', headers: admin, payload: shop })).json().id;
    await addProduct(t.db, { name: 'Phone', shopId: used });
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/shops/${used}`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SHOP_IN_USE);
    const empty = (await t.app.inject({ method: 'POST', url: '/api/admin/shops', headers: admin, payload: shop })).json().id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/shops/${empty}`, headers: moderator })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/shops/${empty}`, headers: admin })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/shops/${empty}`, headers: admin })).statusCode).toBe(404);
  });
});
