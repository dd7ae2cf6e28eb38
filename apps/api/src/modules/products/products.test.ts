import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../test/databases.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { addCategory, addProduct, addShop, feature } from '../../test/fixtures.js';

describe.each(engines)('public catalogue API [%s]', (engine) => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    const phones = await addCategory(t.db, 'SmartPhones');
    const laptops = await addCategory(t.db, 'Laptops and Computers');
    await addCategory(t.db, 'Other');
    const shop = await addShop(t.db);
    ids.galaxy = await addProduct(t.db, {
      name: 'Samsung Galaxy A54',
      description: 'Violet, dual SIM, battery health 91%',
      categoryId: phones,
      shopId: shop,
      images: 3,
      price: 485000,
    });
    ids.iphone = await addProduct(t.db, {
      name: 'iPhone 12',
      description: null,
      categoryId: phones,
      location: null,
      images: 0,
    });
    ids.hidden = await addProduct(t.db, { name: 'Hidden Phone', categoryId: phones, published: false });
    ids.elitebook = await addProduct(t.db, {
      name: 'HP EliteBook 840',
      description: 'Core i5 with a backlit keyboard',
      categoryId: laptops,
      sold: true,
    });
    await feature(t.db, ids.galaxy);
    await feature(t.db, ids.hidden);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('lists published products newest first with the public fields', async () => {
    const res = await get('/api/v1/products');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, limit: 50, offset: 0 });
    expect(body.products.map((p: { name: string }) => p.name)).toEqual([
      'HP EliteBook 840',
      'iPhone 12',
      'Samsung Galaxy A54',
    ]);
    const galaxy = body.products[2];
    expect(galaxy).toMatchObject({
      id: ids.galaxy,
      price: 485000,
      location: 'Lilongwe',
      category: { category_name: 'SmartPhones' },
      sold: false,
      watchers: 0,
    });
    expect(galaxy.images).toHaveLength(3);
    expect(galaxy.image_gallery).toEqual(galaxy.images);
    expect(galaxy.cover_image_url).toBe(galaxy.images[0]);
    expect(galaxy.images[0]).toMatch(/^[a-f0-9]{32}\.webp$/);
    const iphone = body.products[1];
    expect(iphone).toMatchObject({ cover_image_url: null, images: [], description: null, location: 'Lilongwe' });
    expect(body.products[0].sold).toBe(true);
  });

  it('pages with limit and offset and reports the total', async () => {
    const body = (await get('/api/v1/products?limit=1&offset=1')).json();
    expect(body).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(['iPhone 12']);
  });

  it.each([
    ['galaxy', ['Samsung Galaxy A54']],
    ['VIOLET', ['Samsung Galaxy A54']],
    ['backlit', ['HP EliteBook 840']],
    ['laptops', ['HP EliteBook 840']],
    ['smartph', ['iPhone 12', 'Samsung Galaxy A54']],
    ['sams gal', ['Samsung Galaxy A54']],
    ['hidden', []],
    ['nothing-like-this', []],
    ['%_\'";--', []],
  ])('searches name, description and category for %j', async (search, names) => {
    const body = (await get(`/api/v1/products?search=${encodeURIComponent(search)}`)).json();
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(names);
    expect(body.total).toBe(names.length);
  });

  it('lists featured products that are published, with product_id', async () => {
    const body = (await get('/api/v1/products/featured-products')).json();
    expect(body.products).toHaveLength(1);
    expect(body.products[0]).toMatchObject({ id: ids.galaxy, product_id: ids.galaxy, name: 'Samsung Galaxy A54' });
  });

  it('lists a category by its URL-encoded name, case-insensitively', async () => {
    const body = (
      await get(`/api/v1/products/category/${encodeURIComponent('laptops AND computers')}?limit=10&offset=0`)
    ).json();
    expect(body).toMatchObject({ total: 1, limit: 10, offset: 0 });
    expect(body.products[0].name).toBe('HP EliteBook 840');
    const phones = (await get('/api/v1/products/category/smartphones')).json();
    expect(phones.products.map((p: { name: string }) => p.name)).toEqual(['iPhone 12', 'Samsung Galaxy A54']);
  });

  it('answers an unknown category and an empty one with an empty list', async () => {
    for (const name of ['Drones', 'Other']) {
      const res = await get(`/api/v1/products/category/${name}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ products: [], total: 0 });
    }
  });

  it('returns one published product', async () => {
    const res = await get(`/api/v1/products/${ids.galaxy}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.galaxy, name: 'Samsung Galaxy A54' });
  });

  it.each([
    ['an unpublished product', () => `/api/v1/products/${ids.hidden}`, 404, 'Product not found'],
    ['a missing product', () => '/api/v1/products/999999', 404, 'Product not found'],
    ['an id that is not a number', () => '/api/v1/products/abc', 400, 'Product id must be a number'],
    ['a negative id', () => '/api/v1/products/-4', 400, 'Product id must be positive'],
    ['a huge id', () => '/api/v1/products/99999999999999999999', 400, 'Product id is too large'],
    ['limit=-1', () => '/api/v1/products?limit=-1', 400, 'limit must be at least 1'],
    ['limit=abc', () => '/api/v1/products?limit=abc', 400, 'limit must be a number'],
    ['limit=101', () => '/api/v1/products?limit=101', 400, 'limit must be at most 100'],
    ['limit=1.5', () => '/api/v1/products?limit=1.5', 400, 'limit must be a whole number'],
    ['offset=1e9', () => '/api/v1/products?offset=1e9', 400, 'offset must be at most 1000000'],
    [
      'a 10 kB search',
      () => `/api/v1/products?search=${'a'.repeat(10_000)}`,
      400,
      'search must be at most 200 characters',
    ],
    ['a category limit of 0', () => '/api/v1/products/category/SmartPhones?limit=0', 400, 'limit must be at least 1'],
    ['an unknown API path', () => '/api/v1/nothing', 404, 'Not found'],
  ])('refuses %s with a message', async (_label, url, status, message) => {
    const res = await get(url());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status, message, detail: message });
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('counts interest once per visitor and takes it back', async () => {
    // Its own database: the watchers it leaves would change what the listing above asserts (watchers: 0).
    const own = await createTestApp(engine);
    try {
      const phone = await addProduct(own.db, { name: 'Watched Phone' });
      const draft = await addProduct(own.db, { name: 'Watched Draft', published: false });
      const url = `/api/v1/products/${phone}/interest`;
      const a = { visitor_id: 'visitor-aaaaaaaaaaaa' };
      const b = { visitor_id: 'visitor-bbbbbbbbbbbb' };
      expect((await own.app.inject({ method: 'POST', url, payload: a })).json()).toEqual({
        watchers: 1,
        interested: true,
      });
      expect((await own.app.inject({ method: 'POST', url, payload: a })).json()).toEqual({
        watchers: 1,
        interested: true,
      });
      expect((await own.app.inject({ method: 'POST', url, payload: b })).json()).toEqual({
        watchers: 2,
        interested: true,
      });
      expect((await own.app.inject({ method: 'GET', url: `/api/v1/products/${phone}` })).json().watchers).toBe(2);
      expect((await own.app.inject({ method: 'DELETE', url, payload: a })).json()).toEqual({
        watchers: 1,
        interested: false,
      });
      const bad = await own.app.inject({ method: 'POST', url, payload: { visitor_id: '../x' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.visitor_id).toBe('visitor_id must be 16 to 64 letters, digits, - or _');
      const hidden = await own.app.inject({ method: 'POST', url: `/api/v1/products/${draft}/interest`, payload: a });
      expect(hidden.statusCode).toBe(404);
    } finally {
      await own.close();
    }
  });
});
