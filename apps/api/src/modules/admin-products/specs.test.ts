import { BRAND_INVALID, RAM_INVALID, STORAGE_INVALID } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { multipartBody } from '../images/testing.js';
import { staffCalls, submit } from '../seller-requests/testing.js';

// docs/decisions/0069: staff state brand, storage and memory on the product forms and at intake (add to
// inventory); the public product carries them.
describe.each(engines)('brand, storage and memory of products [%s]', (engine) => {
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

  async function send(method: 'POST' | 'PUT', url: string, values: Record<string, string>) {
    const body = await multipartBody(Object.entries(values));
    return t.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
  }
  const place = () => ({ category_id: String(categoryId), shop_id: String(shopId), location: 'Lilongwe' });
  const create = (over: Record<string, string> = {}) =>
    send('POST', '/api/admin/products/create', {
      item_name: 'Samsung Galaxy A54 5G 128GB',
      description: 'With charger',
      price: '450000',
      published: 'true',
      ...place(),
      ...over,
    });
  const edit = (id: number, over: Record<string, string> = {}) =>
    send('PUT', `/api/admin/products/${id}`, {
      name: 'Samsung Galaxy A54 5G 128GB',
      price: '450000',
      description: 'With charger',
      published: 'true',
      ...place(),
      ...over,
    });
  const specs = (p: Record<string, unknown>) => ({ brand: p.brand, storage_gb: p.storage_gb, ram_gb: p.ram_gb });
  const publicProduct = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` })).json();

  it('creates a product with brand, storage and RAM, shown to staff and on the public product', async () => {
    const res = await create({ brand: '  Samsung ', storage_gb: '128', ram_gb: '8' });
    expect(res.statusCode, res.body).toBe(201);
    expect(specs(res.json())).toEqual({ brand: 'Samsung', storage_gb: 128, ram_gb: 8 });
    expect(specs(await publicProduct(res.json().id))).toEqual({ brand: 'Samsung', storage_gb: 128, ram_gb: 8 });
  });

  it('takes none stated as null, and an edit without the fields keeps them while an empty one clears', async () => {
    const none = await create();
    expect(specs(none.json())).toEqual({ brand: null, storage_gb: null, ram_gb: null });
    const { id } = (await create({ brand: 'Apple', storage_gb: '64', ram_gb: '4' })).json();
    expect(specs((await edit(id)).json())).toEqual({ brand: 'Apple', storage_gb: 64, ram_gb: 4 });
    expect(specs((await edit(id, { brand: 'Apple', storage_gb: '1024', ram_gb: '' })).json())).toEqual({
      brand: 'Apple',
      storage_gb: 1024,
      ram_gb: null,
    });
  });

  it.each([
    [{ brand: 'x'.repeat(51) }, { brand: BRAND_INVALID }],
    [{ brand: '<b>' }, { brand: BRAND_INVALID }],
    [{ storage_gb: 'abc' }, { storage_gb: STORAGE_INVALID }],
    [{ storage_gb: '-1' }, { storage_gb: STORAGE_INVALID }],
    [{ storage_gb: '70000' }, { storage_gb: STORAGE_INVALID }],
    [{ ram_gb: '0' }, { ram_gb: RAM_INVALID }],
    [{ ram_gb: '2.5' }, { ram_gb: RAM_INVALID }],
  ])('refuses %o with a 400 naming the field, on create and edit', async (over, errors) => {
    const created = await create(over);
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual(errors);
    const { id } = (await create()).json();
    const edited = await edit(id, over);
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors).toEqual(errors);
  });

  it('gives the product made by add to inventory what staff confirmed at intake; an older client sends none', async () => {
    const staff = staffCalls(t.app, headers);
    const intake = async (body: Record<string, unknown>) => {
      const { id } = await submit(t.app);
      for (const res of [await staff.approve(id), await staff.offer(id), await staff.recordAcceptance(id)])
        expect(res.statusCode, res.body).toBe(200);
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/seller-requests/${id}/add-to-inventory`,
        headers,
        payload: { shop_id: shopId, category_id: categoryId, price: 300000, ...body },
      });
    };
    const added = await intake({ brand: 'Tecno', storage_gb: 128, ram_gb: '8' });
    expect(added.statusCode, added.body).toBe(200);
    expect(specs(await publicProduct(added.json().product_id))).toEqual({ brand: 'Tecno', storage_gb: 128, ram_gb: 8 });
    const older = await intake({});
    expect(specs(await publicProduct(older.json().product_id))).toEqual({
      brand: null,
      storage_gb: null,
      ram_gb: null,
    });
    const bad = await intake({ storage_gb: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ storage_gb: STORAGE_INVALID });
  });
});
