import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addProduct } from '../../test/fixtures.js';

// docs/decisions/0069: brand, storage and memory filters on discover, a category and a search, the list of
// what is on sale for the filters, and their refusals; a made-up brand takes no cache entry.
describe.each(engines)('brand, storage and memory filters [%s]', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, { publicCacheMb: 1 });
    const phones = await addCategory(t.db, 'SmartPhones');
    const laptops = await addCategory(t.db, 'Laptops');
    // Like the demo seed: phones with storage, laptops with storage and RAM, one item that states nothing.
    const items = [
      { name: 'Samsung Galaxy A54 5G 128GB', categoryId: phones, brand: 'Samsung', storageGb: 128, ramGb: 8 },
      { name: 'Samsung Galaxy A14 64GB', categoryId: phones, brand: 'Samsung', storageGb: 64, ramGb: 4 },
      { name: 'iPhone 12 128GB', categoryId: phones, brand: 'Apple', storageGb: 128, ramGb: 4, condition: 'good' },
      { name: 'Tecno Spark 10 128GB', categoryId: phones, brand: 'Tecno', storageGb: 128, ramGb: 8 },
      { name: 'HP EliteBook 840 G5', categoryId: laptops, brand: 'HP', storageGb: 256, ramGb: 8, condition: 'good' },
      { name: 'Lenovo ThinkPad T480', categoryId: laptops, brand: 'lenovo', storageGb: 512, ramGb: 16 },
      { name: 'Old radio', categoryId: phones },
      { name: 'Hidden Samsung 1TB', categoryId: phones, brand: 'Samsung', storageGb: 1024, published: false },
    ] as const;
    for (const item of items) await addProduct(t.db, { price: 200000, images: 0, ...item });
  });
  afterAll(() => t.close());

  async function list(url: string) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { names: (body.products as { name: string }[]).map((p) => p.name).sort(), total: body.total as number };
  }
  const products = (query: string) => list(`/api/v1/products?${query}`);

  it('filters by brand, in any case, by storage and by RAM, each counted', async () => {
    expect(await products('brand=Samsung')).toEqual({
      names: ['Samsung Galaxy A14 64GB', 'Samsung Galaxy A54 5G 128GB'],
      total: 2,
    });
    expect((await products('brand=SAMSUNG')).total).toBe(2);
    expect((await products('brand=Lenovo')).names).toEqual(['Lenovo ThinkPad T480']);
    expect(await products('storage=128')).toEqual({
      names: ['Samsung Galaxy A54 5G 128GB', 'Tecno Spark 10 128GB', 'iPhone 12 128GB'],
      total: 3,
    });
    expect((await products('ram=8')).total).toBe(3);
    expect((await products('storage=1024')).total).toBe(0);
  });

  it('combines them with each other and with a category, a search and the condition', async () => {
    expect(await products('brand=Samsung&storage=128&ram=8')).toEqual({
      names: ['Samsung Galaxy A54 5G 128GB'],
      total: 1,
    });
    expect(await list('/api/v1/products/category/laptops?ram=8')).toEqual({ names: ['HP EliteBook 840 G5'], total: 1 });
    expect((await list('/api/v1/products/category/smartphones?storage=128&ram=4')).names).toEqual(['iPhone 12 128GB']);
    expect((await products('search=galaxy&storage=64')).names).toEqual(['Samsung Galaxy A14 64GB']);
    expect((await products('search=128GB&brand=Tecno')).names).toEqual(['Tecno Spark 10 128GB']);
    expect((await products('storage=128&condition=good')).names).toEqual(['iPhone 12 128GB']);
    expect((await products('brand=HP&condition=like_new')).total).toBe(0);
  });

  it('carries brand, storage and RAM on the public product, null when not stated', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=50' })).json().products as Record<
      string,
      unknown
    >[];
    const pick = (name: string) => {
      const p = all.find((x) => x.name === name)!;
      return { brand: p.brand, storage_gb: p.storage_gb, ram_gb: p.ram_gb };
    };
    expect(pick('HP EliteBook 840 G5')).toEqual({ brand: 'HP', storage_gb: 256, ram_gb: 8 });
    expect(pick('Old radio')).toEqual({ brand: null, storage_gb: null, ram_gb: null });
  });

  it('lists the brands and sizes of published items for the filters, one spelling per brand', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products/specs' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      brands: ['Apple', 'HP', 'lenovo', 'Samsung', 'Tecno'],
      storage_gb: [64, 128, 256, 512],
      ram_gb: [4, 8, 16],
    });
  });

  it.each([
    ['storage=abc', { storage: 'storage must be a whole number of GB from 1 to 65536' }],
    ['storage=-8', { storage: 'storage must be a whole number of GB from 1 to 65536' }],
    ['storage=0128', { storage: 'storage must be a whole number of GB from 1 to 65536' }],
    ['storage=1e3', { storage: 'storage must be a whole number of GB from 1 to 65536' }],
    ['storage=99999', { storage: 'storage must be a whole number of GB from 1 to 65536' }],
    ['ram=0', { ram: 'ram must be a whole number of GB from 1 to 2048' }],
    ['ram=8.5', { ram: 'ram must be a whole number of GB from 1 to 2048' }],
    ['brand=' + 'x'.repeat(51), { brand: "brand must be at most 50 letters, digits, spaces or . & + ' -" }],
    ['brand=%3Cscript%3E', { brand: "brand must be at most 50 letters, digits, spaces or . & + ' -" }],
    ['brand=%20%20', { brand: "brand must be at most 50 letters, digits, spaces or . & + ' -" }],
  ])('refuses %s with a 400 naming the field', async (query, errors) => {
    for (const url of [`/api/v1/products?${query}`, `/api/v1/products/category/smartphones?${query}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
  });

  it('leaves out empty values, as a form sends them', async () => {
    expect(await products('brand=&storage=&ram=')).toEqual(await products(''));
  });

  it('keeps no cache entry for a brand the catalogue does not have, and keeps the real ones', async () => {
    await products('brand=Samsung');
    const before = t.app.catalogueCacheBytes();
    for (let i = 0; i < 300; i++) expect((await products(`brand=Made up ${i}`)).total).toBe(0);
    for (let i = 0; i < 30; i++) expect((await products(`brand=x${i}&storage=128&search=phone`)).total).toBe(0);
    expect(t.app.catalogueCacheBytes()).toBe(before);
    await products('brand=Tecno');
    expect(t.app.catalogueCacheBytes()).toBeGreaterThan(before);
  });
});
