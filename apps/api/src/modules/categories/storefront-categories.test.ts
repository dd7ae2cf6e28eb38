import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addProduct } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { CATEGORY_NAME_KEPT } from './service.js';

// docs/product.md#discover: every category staff create reaches the storefront once it has an item on sale.
describe.each(engines)('the storefront categories and the All view [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let phones: number;
  let tablets: number;
  let drones: number;
  let radios: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    phones = await addCategory(t.db, 'SmartPhones');
    await addProduct(t.db, { name: 'Samsung Galaxy A54', categoryId: phones, images: 0 });
    tablets = await create('Tablets & E-readers');
    await addProduct(t.db, { name: 'Kindle Paperwhite', categoryId: tablets, images: 0 });
    drones = await create('Drones');
    radios = await create('Radios');
    await addProduct(t.db, { name: 'Old radio', categoryId: radios, sold: true, images: 0 });
    await addProduct(t.db, { name: 'Hidden radio', categoryId: radios, published: false, images: 0 });
  });
  afterAll(() => t.close());

  const storefront = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/categories' });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const names = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json().products.map((p: { name: string }) => p.name) as string[];
  };
  const create = async (name: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/categories', headers, payload: { name } });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };

  it('lists a category staff created once it has an item on sale, and never an empty one', async () => {
    const ids = (await storefront()).json().categories.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([phones, tablets]));
    expect(ids).not.toContain(drones);
    expect(ids).not.toContain(radios);
    const res = await storefront();
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.json().total).toBe(res.json().categories.length);
  });

  it('shows a category on the very next read once an item in it is on sale', async () => {
    const cameras = await create('Cameras');
    const ids = async () => (await storefront()).json().categories.map((c: { id: number }) => c.id);
    expect(await ids()).not.toContain(cameras);
    await addProduct(t.db, { name: 'Canon EOS 2000D', categoryId: cameras, images: 0 });
    expect(await ids()).toContain(cameras);
    // By name, whatever the order categories were made in.
    const listed = (await storefront()).json().categories.map((c: { name: string }) => c.name);
    expect(listed).toEqual([...listed].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it('lists every category in category=all, on both list calls, and one category by name', async () => {
    const all = await names('/api/v1/products?category=all&limit=50');
    expect(all).toEqual(expect.arrayContaining(['Samsung Galaxy A54', 'Kindle Paperwhite', 'Old radio']));
    expect(all).not.toContain('Hidden radio');
    expect(await names('/api/v1/products?category=ALL&limit=50')).toEqual(all);
    expect(await names('/api/v1/products?limit=50')).toEqual(all);
    expect(await names('/api/v1/products/category/all?limit=50')).toEqual(all);
    expect(await names('/api/v1/products?category=tablets%20%26%20e-readers')).toEqual(['Kindle Paperwhite']);
    expect(await names('/api/v1/products?category=Nothing%20here')).toEqual([]);
    expect(await names('/api/v1/products?category=all&search=kindle')).toEqual(['Kindle Paperwhite']);
  });

  it('refuses a blank or overlong category with a field message', async () => {
    for (const [query, message] of [
      ['category=%20%20', 'category must not be blank'],
      [`category=${'x'.repeat(101)}`, 'category must be at most 100 characters'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/products?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ category: message });
    }
  });

  it('keeps the name "All" for the view of every item', async () => {
    for (const name of ['All', ' all ']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/categories', headers, payload: { name } });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual({ name: CATEGORY_NAME_KEPT });
    }
    const id = await create('Everything');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/categories/${id}`,
      headers,
      payload: { name: 'ALL' },
    });
    expect(renamed.statusCode).toBe(409);
  });
});
