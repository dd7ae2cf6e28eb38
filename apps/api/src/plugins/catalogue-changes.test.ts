import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueChange, Db } from '../db/database.js';
import { buildTestApp } from '../test/app.js';
import { createTestDb, engines, type TestDb } from '../test/databases.js';
import { addCategory, addProduct, addShop, feature } from '../test/fixtures.js';
import { items, placeOrder } from '../modules/orders/testing.js';
import { CatalogueChanges, productTag } from './catalogue-tags.js';

// docs/decisions/0089: a catalogue write drops only the cached answers that show what it changed: the product's
// own, the lists it is (or was) in. Every other answer stays a hit, in this process and any other.

/** The database as one process sees it, counting the queries its handlers run: a cache hit runs none. */
function counting(db: Db) {
  const count = { queries: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      count.queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: { ...db, kysely: db.kysely.withPlugin(plugin) }, count };
}

type Process = { app: FastifyInstance; count: { queries: number } };

async function processOn(db: Db): Promise<Process> {
  const seen = counting(db);
  return { app: await buildTestApp(seen.db), count: seen.count };
}

const get = (p: Process, url: string) => p.app.inject({ method: 'GET', url });

/** Answers `url` from the cache: nothing is made, no query runs. */
async function expectHit(p: Process, url: string) {
  const before = p.count.queries;
  const res = await get(p, url);
  expect(res.statusCode, url).toBe(200);
  expect(p.count.queries, `${url} was made afresh`).toBe(before);
  return res;
}

const ids = (res: { json: () => { products: { id: number }[] } }) => res.json().products.map((p) => p.id);

describe.each(engines)('a catalogue cache invalidated by what changed [%s]', (engine) => {
  let t: TestDb;
  let one: Process;
  /** Another process on the same database (on SQLite, another app on the same connection: its own cache). */
  let other: Process;
  beforeAll(async () => {
    t = await createTestDb(engine);
    one = await processOn(t.db);
    other = await processOn(engine === 'postgres' ? t.connectAgain() : t.db);
  });
  afterAll(async () => {
    await one.app.close();
    await other.app.close();
    await t.dispose();
  });

  /** Two categories of a test's own (tests run in any order), a phone to change and what it must not disturb. */
  async function scene(name: string) {
    const phones = await addCategory(t.db, `${name} phones`);
    const laptops = await addCategory(t.db, `${name} laptops`);
    const shop = await addShop(t.db, `${name} shop`, { town: 'Zomba' });
    const phone = await addProduct(t.db, { name: `${name} Tecno`, categoryId: phones, price: 90_000, shopId: shop });
    const otherPhone = await addProduct(t.db, { name: `${name} Itel`, categoryId: phones, price: 60_000 });
    const laptop = await addProduct(t.db, { name: `${name} Lenovo`, categoryId: laptops, price: 400_000 });
    await feature(t.db, laptop);
    const [p, l] = [encodeURIComponent(`${name} phones`), encodeURIComponent(`${name} laptops`)];
    const unrelated = [
      `/api/v1/products/category/${l}?limit=20`,
      `/api/v1/products?category=${l}&available=true&limit=20`,
      `/api/v1/products/${laptop}`,
      `/api/v1/products/${otherPhone}`,
      '/api/v1/products/featured-products',
      '/api/v1/categories',
      '/api/v1/shops',
      '/api/v1/products/towns',
    ];
    const related = {
      page: `/api/v1/products/${phone}`,
      phones: `/api/v1/products/category/${p}?limit=20`,
      all: '/api/v1/products?limit=50',
      available: `/api/v1/products?category=${p}&available=true&limit=20`,
    };
    // Every answer made once in each process, then held.
    for (const process of [one, other])
      for (const url of [...unrelated, ...Object.values(related)])
        expect((await get(process, url)).statusCode).toBe(200);
    return { phone, otherPhone, laptops, unrelated, related, laptopsList: unrelated[0]! };
  }

  const shown = async (p: Process, url: string, id: number) =>
    (await get(p, url)).json().products.find((x: { id: number }) => x.id === id);

  it('keeps every other answer a hit through a reservation of one phone, in both processes, and shows it in every answer that includes it', async () => {
    const { phone, otherPhone, unrelated, related } = await scene('Reserve');
    for (const p of [one, other]) for (const url of unrelated) await expectHit(p, url);

    expect((await placeOrder(one.app, items(phone))).statusCode).toBe(201);

    for (const p of [one, other]) {
      for (const url of unrelated) await expectHit(p, url);
      expect((await get(p, related.page)).json().reserved).toBe(true);
      for (const url of [related.phones, related.all]) expect((await shown(p, url, phone))?.reserved, url).toBe(true);
      expect(ids(await get(p, related.available))).toEqual([otherPhone]);
    }
  });

  it('shows a new price at once wherever the product appears, and leaves the rest cached', async () => {
    const { phone, unrelated, related } = await scene('Price');
    // A price moves the product within price-ordered lists: every list of all categories (and their towns, brands
    // and categories) is made afresh, the other category's lists and products are not.
    const apart = unrelated.filter((url) => !/categories$|towns$/.test(url));

    await t.db.kysely.updateTable('products').set({ price: 85_000 }).where('id', '=', phone).execute();

    for (const p of [one, other]) {
      for (const url of apart) await expectHit(p, url);
      expect((await get(p, related.page)).json().price).toBe(85_000);
      for (const url of [related.phones, related.all]) expect((await shown(p, url, phone))?.price, url).toBe(85_000);
    }
  });

  it('takes a category whose last item sold off the storefront, and the item off its available lists, at once', async () => {
    const { phone, otherPhone, related } = await scene('Sale');
    const listed = async (p: Process) =>
      (await get(p, '/api/v1/categories')).json().categories.map((c: { name: string }) => c.name);
    for (const p of [one, other]) expect(await listed(p)).toContain('Sale phones');

    await t.db.kysely.updateTable('products').set({ sold: 1 }).where('id', 'in', [phone, otherPhone]).execute();

    for (const p of [one, other]) {
      expect(await listed(p)).not.toContain('Sale phones');
      expect(await listed(p)).toContain('Sale laptops');
      expect(ids(await get(p, related.available))).toEqual([]);
      expect((await get(p, related.page)).json().sold).toBe(true);
    }
  });

  it('moves a product between category lists, and makes everything afresh when a shop or category changes', async () => {
    const { otherPhone, laptops, laptopsList } = await scene('Move');
    await t.db.kysely.updateTable('products').set({ category_id: laptops }).where('id', '=', otherPhone).execute();
    for (const p of [one, other]) expect(ids(await get(p, laptopsList))).toContain(otherPhone);

    for (const p of [one, other]) await expectHit(p, '/api/v1/shops');
    await addShop(t.db, 'Another Tag Shop', { town: 'Dedza' });
    for (const p of [one, other]) {
      const shops = (await get(p, '/api/v1/shops')).json().shops.map((s: { town: string }) => s.town);
      expect(shops).toContain('Dedza');
    }
  });
});

describe.each(engines)('lists lagging behind which products they hold (CATALOGUE_LIST_LAG_SECONDS) [%s]', (engine) => {
  let t: TestDb;
  let lagging: Process;
  let at = Date.parse('2026-11-29T10:00:00Z');
  beforeAll(async () => {
    t = await createTestDb(engine);
    const seen = counting(t.db);
    lagging = {
      app: await buildTestApp(seen.db, { catalogueListLagSeconds: 5, clock: () => new Date(at) }),
      count: seen.count,
    };
  });
  afterAll(async () => {
    await lagging.app.close();
    await t.dispose();
  });

  it('shows a new product in a list up to 5 s late, but the new price of a product it shows at once', async () => {
    const category = await addCategory(t.db, 'Lag phones');
    const shown = await addProduct(t.db, { name: 'Lag Tecno', categoryId: category, price: 90_000 });
    const list = `/api/v1/products/category/${encodeURIComponent('Lag phones')}?limit=20`;
    expect(ids(await get(lagging, list))).toEqual([shown]);

    const added = await addProduct(t.db, { name: 'Lag Itel', categoryId: category, price: 60_000 });
    at += 4_000;
    expect(ids(await expectHit(lagging, list))).toEqual([shown]);
    at += 1_000;
    expect(ids(await get(lagging, list)).sort()).toEqual([shown, added].sort());

    const again = await addProduct(t.db, { name: 'Lag Nokia', categoryId: category, price: 30_000 });
    await t.db.kysely.updateTable('products').set({ price: 85_000 }).where('id', '=', shown).execute();
    const answer = (await get(lagging, list)).json().products;
    expect(answer.find((p: { id: number }) => p.id === shown).price).toBe(85_000);
    expect(answer.map((p: { id: number }) => p.id)).toContain(again);
  });
});

describe('what a process reads of the changes', () => {
  it('drops everything it holds when the tags of a version it missed are gone', async () => {
    const rows: CatalogueChange[] = [
      { version: 3, tag: productTag(1) },
      { version: 5, tag: productTag(2) },
    ];
    const changes = new CatalogueChanges(async (after, upTo) =>
      rows.filter((r) => r.version > after && r.version <= upTo),
    );
    await changes.upTo(2);
    expect(changes.changedSince(2, new Set([productTag(2)]))).toBe('nothing');
    await changes.upTo(3);
    expect(changes.changedSince(2, new Set([productTag(2)]))).toBe('nothing');
    expect(changes.changedSince(2, new Set([productTag(1)]))).toBe('more');
    // Version 4's tags are not there (pruned): nothing made before 5 can be trusted.
    await changes.upTo(5);
    expect(changes.changedSince(3, new Set([productTag(7)]))).toBe('more');
    expect(changes.changedSince(5, new Set([productTag(7)]))).toBe('nothing');
    // An answer that names nothing goes stale with any change.
    expect(changes.changedSince(3, undefined)).toBe('more');
  });
});
