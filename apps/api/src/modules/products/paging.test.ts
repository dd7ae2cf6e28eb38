import { CURSOR_INVALID, CURSOR_WITH_OFFSET } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { COUNT_CAP } from './listing.js';
import { addProducts, minute, type BulkProduct } from './testing.js';

interface Listed {
  id: number;
  name: string;
}
interface ListAnswer {
  products: Listed[];
  total: number;
  total_capped: boolean;
  next_cursor: string | null;
  limit: number;
  offset: number;
}

describe.each(engines)('keyset paging and capped totals [%s]', (engine) => {
  let t: TestApp;
  let phones: number;
  /** Every published product, newest first: created_at desc, then id desc. */
  let newest: (BulkProduct & { id: number })[];
  const get = async (url: string): Promise<ListAnswer> => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Follows next_cursor from `first` to the end, collecting the names. */
  const walk = async (first: string): Promise<string[]> => {
    const names: string[] = [];
    let url: string | null = first;
    while (url) {
      const page = await get(url);
      names.push(...page.products.map((p) => p.name));
      url = page.next_cursor ? `${first}&cursor=${page.next_cursor}` : null;
    }
    return names;
  };
  const namesOf = (pick: (p: BulkProduct) => boolean) => newest.filter(pick).map((p) => p.name);

  beforeAll(async () => {
    t = await createTestApp(engine);
    phones = await addCategory(t.db, 'Phones');
    const laptops = await addCategory(t.db, 'Laptops');
    // Three products per minute, so pages end in the middle of equal creation times (id decides).
    const products: BulkProduct[] = Array.from({ length: 60 }, (_, i) => ({
      name: `${i % 2 === 0 ? 'Samsung' : 'Nokia'} handset ${i}`,
      createdAt: minute(Math.floor(i / 3)),
      categoryId: i % 3 === 0 ? laptops : phones,
      published: i % 10 !== 7,
    }));
    // Far more matches of one word than a capped count reaches: the search walks newest first.
    for (let i = 0; i < COUNT_CAP * 5; i++)
      products.push({ name: `Common widget ${i}`, createdAt: minute(100 + (i % 400)) });
    // Many matches too, but all older than everything else: too sparse among the newest to walk for.
    for (let i = 0; i < COUNT_CAP + 10; i++)
      products.push({ name: `Vintage radio ${i}`, createdAt: minute(-1000 - i) });
    const ids = await addProducts(t.db, products);
    newest = products
      .map((p, i) => ({ ...p, id: ids[i]! }))
      .filter((p) => p.published !== false)
      .sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
  });
  afterAll(() => t.close());

  it('walks the whole catalogue by cursor in the order offset paging gives', async () => {
    const all = namesOf(() => true);
    expect(await walk('/api/v1/products?limit=37')).toEqual(all);
    const first = await get('/api/v1/products?limit=37');
    expect(first).toMatchObject({ total: all.length, total_capped: false, limit: 37, offset: 0 });
    const byOffset = await get('/api/v1/products?limit=37&offset=37');
    const byCursor = await get(`/api/v1/products?limit=37&cursor=${first.next_cursor}`);
    expect(byCursor.products).toEqual(byOffset.products);
    expect(byCursor.total).toBe(all.length);
  });

  it('walks a category by cursor and ends with a null next_cursor', async () => {
    const expected = namesOf((p) => p.categoryId === phones);
    expect(await walk('/api/v1/products/category/phones?limit=4')).toEqual(expected);
    const last = await get(`/api/v1/products/category/phones?limit=${expected.length}`);
    expect(last).toMatchObject({ total: expected.length, next_cursor: null });
  });

  it('walks a search with few matches (sorted) and one with many (walked), counting only up to the cap', async () => {
    expect(await walk('/api/v1/products?limit=6&search=sams')).toEqual(namesOf((p) => p.name.startsWith('Samsung')));
    const common = namesOf((p) => p.name.startsWith('Common'));
    const first = await get('/api/v1/products?limit=100&search=common%20widg');
    expect(first).toMatchObject({ total: COUNT_CAP, total_capped: true });
    expect(await walk('/api/v1/products?limit=100&search=common%20widg')).toEqual(common);
    // Offset paging keeps working past the cap, and on the last page.
    for (const offset of [COUNT_CAP * 3, common.length - 30]) {
      const page = await get(`/api/v1/products?limit=100&offset=${offset}&search=common`);
      expect(page.products.map((p) => p.name)).toEqual(common.slice(offset, offset + 100));
    }
  });

  it('gathers and sorts many matches that are too sparse among the newest products to walk for', async () => {
    const vintage = namesOf((p) => p.name.startsWith('Vintage'));
    const first = await get('/api/v1/products?limit=5&search=vintage&sort=newest');
    expect(first).toMatchObject({ total: vintage.length, total_capped: false });
    expect(first.products.map((p) => p.name)).toEqual(vintage.slice(0, 5));
    expect(await walk('/api/v1/products?limit=50&search=vintage&sort=newest')).toEqual(vintage);
    // By relevance (the default for a search) every one is a name match: the same order, page after page.
    expect(await walk('/api/v1/products?limit=50&search=vintage')).toEqual(vintage);
  });

  it('gives the back-office the exact count of a large search', async () => {
    const { headers } = await signIn(t.app, t.db, 'Admin');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/products?limit=5&search=common', headers });
    expect(res.json().total).toBe(COUNT_CAP * 5);
  });

  it.each([
    ['not base64url', 'no+such/cursor'],
    ['not JSON', Buffer.from('hello').toString('base64url')],
    ['the wrong shape', Buffer.from(JSON.stringify({ id: 1 })).toString('base64url')],
    ['a bad time', Buffer.from(JSON.stringify(['yesterday', 4])).toString('base64url')],
    ['a bad id', Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', -4])).toString('base64url')],
    ['an id past 32 bits', Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', 2 ** 40])).toString('base64url')],
    ['too long', 'a'.repeat(201)],
  ])('refuses a cursor that is %s with a clear 400', async (_label, cursor) => {
    for (const path of ['/api/v1/products', '/api/v1/products/category/phones']) {
      const res = await t.app.inject({ method: 'GET', url: `${path}?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: CURSOR_INVALID, errors: { cursor: CURSOR_INVALID } });
    }
  });

  it('refuses a cursor together with an offset, and accepts offset=0 beside it', async () => {
    const { next_cursor } = await get('/api/v1/products?limit=2');
    const both = await t.app.inject({ method: 'GET', url: `/api/v1/products?limit=2&offset=4&cursor=${next_cursor}` });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ message: CURSOR_WITH_OFFSET });
    expect((await get(`/api/v1/products?limit=2&offset=0&cursor=${next_cursor}`)).products).toHaveLength(2);
  });
});
