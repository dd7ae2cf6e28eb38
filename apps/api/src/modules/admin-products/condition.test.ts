import { BATTERY_INVALID, CONDITION_INVALID, WARRANTY_INVALID } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { multipartBody } from '../images/testing.js';

// docs/decisions/0029: staff state a product's grade, the shop's warranty and the battery's health on the
// product forms; the public product shows them.
describe.each(engines)('condition of products [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let categoryId: number;
  let shopId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    categoryId = await addCategory(t.db, 'SmartPhones');
    shopId = await addShop(t.db, 'Lilongwe Shop');
  });
  afterAll(() => t.close());

  const fields = () => ({
    item_name: 'Tecno Camon 20',
    description: '256GB, charger included',
    price: '320000',
    location: 'Lilongwe',
    category_id: String(categoryId),
    shop_id: String(shopId),
    published: 'true',
  });
  async function send(method: 'POST' | 'PUT', url: string, values: Record<string, string>) {
    const body = await multipartBody(Object.entries(values));
    return t.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
  }
  const create = (over: Record<string, string> = {}) =>
    send('POST', '/api/admin/products/create', { ...fields(), ...over });
  const edit = (id: number, over: Record<string, string> = {}) =>
    send('PUT', `/api/admin/products/${id}`, {
      name: 'Tecno Camon 20',
      category_id: String(categoryId),
      shop_id: String(shopId),
      location: 'Lilongwe',
      price: '320000',
      description: '256GB',
      published: 'true',
      ...over,
    });
  const publicProduct = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` })).json();
  const stated = (p: Record<string, unknown>) => ({
    condition: p.condition,
    warranty_days: p.warranty_days,
    battery_health: p.battery_health,
  });

  it('creates a product with a grade, a warranty and battery health, shown to staff, on the product page and in lists', async () => {
    const res = await create({ condition: 'good', warranty_days: '180', battery_health: '87' });
    expect(res.statusCode).toBe(201);
    const product = res.json();
    expect(stated(product)).toEqual({ condition: 'good', warranty_days: 180, battery_health: 87 });
    expect(stated(await publicProduct(product.id))).toEqual({
      condition: 'good',
      warranty_days: 180,
      battery_health: 87,
    });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' }))
      .json()
      .products.find((p: { id: number }) => p.id === product.id);
    expect(stated(listed)).toEqual({ condition: 'good', warranty_days: 180, battery_health: 87 });
  });

  it('creates a product that states none of them as null (not stated)', async () => {
    const res = await create();
    expect(stated(res.json())).toEqual({ condition: null, warranty_days: null, battery_health: null });
    const blank = await create({ condition: '', warranty_days: '', battery_health: ' ' });
    expect(stated(blank.json())).toEqual({ condition: null, warranty_days: null, battery_health: null });
  });

  it('takes the limits: 0 and 3650 days, 1 and 100 percent, digits with spaces around', async () => {
    expect(stated((await create({ warranty_days: '0', battery_health: '1' })).json())).toMatchObject({
      warranty_days: 0,
      battery_health: 1,
    });
    expect(stated((await create({ warranty_days: ' 3650 ', battery_health: '100' })).json())).toMatchObject({
      warranty_days: 3650,
      battery_health: 100,
    });
    expect(stated((await create({ warranty_days: '030' })).json())).toMatchObject({ warranty_days: 30 });
  });

  it('refuses bad values with a 400 and the field message, storing nothing', async () => {
    const before = Number(
      (
        await t.db.kysely
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const cases: [Record<string, string>, string, string][] = [
      [{ condition: 'mint' }, 'condition', CONDITION_INVALID],
      [{ condition: 'Good' }, 'condition', CONDITION_INVALID],
      [{ warranty_days: '-1' }, 'warranty_days', WARRANTY_INVALID],
      [{ warranty_days: '3651' }, 'warranty_days', WARRANTY_INVALID],
      [{ warranty_days: '30.5' }, 'warranty_days', WARRANTY_INVALID],
      [{ warranty_days: 'thirty' }, 'warranty_days', WARRANTY_INVALID],
      [{ warranty_days: '9'.repeat(40) }, 'warranty_days', WARRANTY_INVALID],
      [{ battery_health: '0' }, 'battery_health', BATTERY_INVALID],
      [{ battery_health: '101' }, 'battery_health', BATTERY_INVALID],
      [{ battery_health: '87%' }, 'battery_health', BATTERY_INVALID],
    ];
    for (const [over, field, message] of cases) {
      const res = await create(over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errors).toEqual({ [field]: message });
    }
    expect(CONDITION_INVALID).toBe('condition must be one of like_new, good, fair, for_parts');
    expect(WARRANTY_INVALID).toBe('Warranty must be a whole number of days from 0 to 3650');
    expect(BATTERY_INVALID).toBe('Battery health must be a whole percent from 1 to 100');
    const after = Number(
      (
        await t.db.kysely
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
  });

  it('sets, corrects and clears them on edit; a field left out keeps what is stored', async () => {
    const { id } = (await create({ condition: 'like_new', warranty_days: '90', battery_health: '95' })).json();
    const corrected = await edit(id, { condition: 'fair', warranty_days: '30', battery_health: '80' });
    expect(corrected.statusCode).toBe(200);
    expect(stated(corrected.json())).toEqual({ condition: 'fair', warranty_days: 30, battery_health: 80 });

    // An older form sends none of them: nothing is lost.
    expect(stated((await edit(id)).json())).toEqual({ condition: 'fair', warranty_days: 30, battery_health: 80 });
    expect(stated((await edit(id, { battery_health: '' })).json())).toEqual({
      condition: 'fair',
      warranty_days: 30,
      battery_health: null,
    });
    expect(stated((await edit(id, { condition: '', warranty_days: '' })).json())).toEqual({
      condition: null,
      warranty_days: null,
      battery_health: null,
    });
    expect(stated(await publicProduct(id))).toEqual({ condition: null, warranty_days: null, battery_health: null });

    const refused = await edit(id, { condition: 'new', warranty_days: '5000' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: CONDITION_INVALID,
      errors: { condition: CONDITION_INVALID, warranty_days: WARRANTY_INVALID },
    });
  });

  it('shows a product listed before grades existed as not graded', async () => {
    const id = await addProduct(t.db, { name: 'Old Nokia', categoryId, shopId });
    expect(stated(await publicProduct(id))).toEqual({ condition: null, warranty_days: null, battery_health: null });
    const admin = (await t.app.inject({ method: 'GET', url: `/api/admin/products/${id}`, headers })).json();
    expect(stated(admin)).toEqual({ condition: null, warranty_days: null, battery_health: null });
  });

  it('keeps out a grade or number the app would refuse, even written straight to the database', async () => {
    const id = await addProduct(t.db, { name: 'Direct write', categoryId, shopId });
    const write = (values: Record<string, unknown>) =>
      t.db.kysely
        .updateTable('products')
        .set(values as never)
        .where('id', '=', id)
        .execute();
    await expect(write({ condition: 'mint' })).rejects.toThrow();
    await expect(write({ warranty_days: -1 })).rejects.toThrow();
    await expect(write({ battery_health: 101 })).rejects.toThrow();
    await write({ condition: 'for_parts', warranty_days: 0, battery_health: 100 });
    expect(stated(await publicProduct(id))).toEqual({ condition: 'for_parts', warranty_days: 0, battery_health: 100 });
  });
});
