import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { SHOP_IN_USE } from './service.js';

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

  const shop = {
    name: 'Zomba Shop',
    address: 'Market Street, Zomba',
    town: 'Zomba',
    hours: 'Mon-Sat 08:00-17:00',
    phone: '+265 888 111 222',
    delivery_fee: '3000',
  };
  const stored = {
    name: 'Zomba Shop',
    address: 'Market Street, Zomba',
    town: 'Zomba',
    hours: 'Mon-Sat 08:00-17:00',
    contact: 'Mon-Sat 08:00-17:00',
    phone: '+265888111222',
    delivery_fee: 3000,
  };

  it('lets staff (Moderators too) create and edit shops, and lists them publicly and in the back-office', async () => {
    // Other tests here add shops too: the list grows by this test's one shop from whatever it held.
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/shops', headers: moderator })).json()
      .total as number;
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/shops', headers: admin, payload: shop });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toEqual({ id, ...stored });
    // ARCHITECTURE: Moderators run the whole back-office except users.
    const byModerator = await t.app.inject({
      method: 'POST',
      url: '/api/admin/shops',
      headers: moderator,
      payload: { ...shop, name: 'Moderator Shop' },
    });
    expect(byModerator.statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/shops/${byModerator.json().id}`, headers: moderator }))
        .statusCode,
    ).toBe(204);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/shops/${id}`,
      headers: moderator,
      payload: { ...shop, hours: 'Daily 07:00-19:00', phone: '', delivery_fee: '' },
    });
    expect(edited.json()).toEqual({
      id,
      ...stored,
      hours: 'Daily 07:00-19:00',
      contact: 'Daily 07:00-19:00',
      phone: null,
      delivery_fee: null,
    });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/shops', headers: moderator })).json();
    expect(listed).toMatchObject({ total: before + 1 });
    expect(listed.shops.filter((s: { id: number }) => s.id === id)).toHaveLength(1);
    const shown = (await t.app.inject({ method: 'GET', url: '/api/v1/shops' }))
      .json()
      .shops.find((s: { id: number }) => s.id === id);
    expect(shown).toMatchObject({ name: 'Zomba Shop', town: 'Zomba', contact: 'Daily 07:00-19:00' });
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/shops/${id}`, headers: admin })).json().contact).toBe(
      'Daily 07:00-19:00',
    );
  });

  it('still accepts the old contact field for the opening hours', async () => {
    const { hours: _hours, phone: _phone, delivery_fee: _fee, ...rest } = shop;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/shops',
      headers: admin,
      payload: { ...rest, contact: 'Mon-Fri 08:00-16:00' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      hours: 'Mon-Fri 08:00-16:00',
      contact: 'Mon-Fri 08:00-16:00',
      phone: null,
      delivery_fee: null,
    });
    const row = await t.db.kysely
      .selectFrom('shops')
      .select(['hours', 'contact'])
      .where('id', '=', created.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ hours: 'Mon-Fri 08:00-16:00', contact: 'Mon-Fri 08:00-16:00' });
  });

  it.each([
    ['name', ' ', 'Shop name is required'],
    ['address', ' ', 'Address is required'],
    ['town', ' ', 'Town is required'],
    ['hours', ' ', 'Opening hours are required'],
    ['phone', '12345', 'Enter a Malawi phone number: +265 or 0 followed by 9 digits'],
    ['phone', '0088812345', 'Enter a Malawi phone number: +265 or 0 followed by 9 digits'],
    ['delivery_fee', '5,000', 'Delivery fee must contain only numbers'],
    ['delivery_fee', -5, 'Delivery fee must contain only numbers'],
  ])('refuses %s=%j with its message', async (field, value, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/shops',
      headers: admin,
      payload: { ...shop, [field]: value },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('stores a fixed line written with 265 and dashes as +265XXXXXXXXX, and reads shops stored under the older rule', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/shops',
      headers: admin,
      payload: { ...shop, name: 'Fixed Line Shop', phone: '265 1-770-123-45' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const row = await t.db.kysely.selectFrom('shops').select('phone').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.phone).toBe('+265177012345');
    await t.db.kysely.updateTable('shops').set({ phone: '01 770 123' }).where('id', '=', id).execute();
    const shown = (await t.app.inject({ method: 'GET', url: '/api/v1/shops' }))
      .json()
      .shops.find((s: { id: number }) => s.id === id);
    expect(shown.phone).toBe('01 770 123');
  });

  it('refuses a shop without opening hours under either name', async () => {
    const { hours: _hours, ...rest } = shop;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/shops',
      headers: admin,
      payload: { ...rest, contact: ' ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.hours).toBe('Opening hours are required');
  });

  it('refuses to delete a shop that has products, deletes an empty one', async () => {
    const used = (await t.app.inject({ method: 'POST', url: '/api/admin/shops', headers: admin, payload: shop })).json()
      .id;
    await addProduct(t.db, { name: 'Phone', shopId: used });
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/shops/${used}`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SHOP_IN_USE);
    const empty = (
      await t.app.inject({ method: 'POST', url: '/api/admin/shops', headers: admin, payload: shop })
    ).json().id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/shops/${empty}`, headers: admin })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/shops/${empty}`, headers: admin })).statusCode).toBe(
      404,
    );
  });
});
