import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { seed } from './index.js';

describe.each(engines)('demo seed [%s]', (engine) => {
  let t: TestDb;
  const counts = async () => {
    const k = t.db.kysely;
    const n = async (
      table: 'products' | 'images' | 'categories' | 'shops' | 'users' | 'featured_products' | 'product_search',
    ) =>
      Number(
        (
          await k
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      products: await n('products'),
      images: await n('images'),
      categories: await n('categories'),
      shops: await n('shops'),
      users: await n('users'),
      featured: await n('featured_products'),
      searchable: await n('product_search'),
    };
  };

  beforeAll(async () => {
    t = await createTestDb(engine);
    await seed(t.db.kysely, { admin: { email: 'Admin@Example.mw', password: 'demo-password-1' } });
  });
  afterAll(() => t.dispose());

  it('creates the six categories, three shops, the catalogue and an admin', async () => {
    const k = t.db.kysely;
    const categories = (await k.selectFrom('categories').select('name').orderBy('id').execute()).map((c) => c.name);
    expect(categories).toEqual([
      'SmartPhones',
      'Laptops and Computers',
      'Gaming Consoles',
      'TVs and Soundbars',
      'Home Appliances',
      'Other',
    ]);
    const shops = await k
      .selectFrom('shops')
      .select(['name', 'address', 'town', 'hours', 'contact', 'phone', 'delivery_fee'])
      .orderBy('id')
      .execute();
    expect(shops.map((s) => s.name).join()).toMatch(/Lilongwe.*Blantyre.*Mzuzu/);
    expect(shops.map((s) => s.town)).toEqual(['Lilongwe', 'Blantyre', 'Mzuzu']);
    for (const shop of shops) {
      expect(shop.hours).not.toBe('');
      expect(shop.contact).toBe(shop.hours);
      expect(shop.phone).toMatch(/^\+265[89]\d{8}$/);
    }
    // One shop delivers for a flat fee; the others agree the fee on the phone.
    expect(shops.map((s) => (s.delivery_fee === null ? null : Number(s.delivery_fee)))).toEqual([5000, null, null]);
    const published = await k
      .selectFrom('products')
      .select(['id', 'category_id', 'price', 'sold'])
      .where('published', '=', 1)
      .execute();
    expect(published.length).toBeGreaterThanOrEqual(24);
    expect(new Set(published.map((p) => p.category_id)).size).toBe(6);
    expect(published.every((p) => Number.isInteger(Number(p.price)) && Number(p.price) > 0)).toBe(true);
    expect(published.filter((p) => p.sold === 1).length).toBeGreaterThan(0);
    const unpublished = await k.selectFrom('products').select('id').where('published', '=', 0).execute();
    expect(unpublished.length).toBeGreaterThan(0);
    const featured = await k
      .selectFrom('featured_products as f')
      .innerJoin('products as p', 'p.id', 'f.product_id')
      .select('p.published')
      .execute();
    expect(featured).toHaveLength(4);
    expect(featured.every((f) => f.published === 1)).toBe(true);
    const perProduct = await k
      .selectFrom('product_images')
      .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('product_id')
      .execute();
    expect(perProduct.length).toBe((await counts()).products);
    expect(perProduct.every((r) => Number(r.n) >= 1 && Number(r.n) <= 3)).toBe(true);
    const hero = await k
      .selectFrom('images')
      .select('filename')
      .where('filename', 'like', 'hero-%')
      .orderBy('filename')
      .execute();
    expect(hero.map((h) => h.filename)).toEqual(['hero-gaming.webp', 'hero-laptops.webp', 'hero-phones.webp']);
    const admin = await k.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ email: 'admin@example.mw', role: 'Admin', status: 'active' });
    expect(admin.password_hash).toMatch(/^scrypt\$/);
  });

  it('grades every product as its description reads, with some warranties and battery health on phones and laptops', async () => {
    const rows = await t.db.kysely
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.condition', 'p.warranty_days', 'p.battery_health', 'c.name as category'])
      .execute();
    expect(rows.every((r) => r.condition !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.condition))).toEqual(new Set(['like_new', 'good', 'fair', 'for_parts']));
    expect(rows.filter((r) => r.warranty_days !== null).length).toBeGreaterThan(3);
    const withBattery = rows.filter((r) => r.battery_health !== null);
    expect(withBattery.length).toBeGreaterThan(3);
    expect(withBattery.every((r) => ['SmartPhones', 'Laptops and Computers'].includes(r.category))).toBe(true);
  });

  it('states brand on most items and storage and RAM on phones and laptops (decision 0069)', async () => {
    const rows = await t.db.kysely
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.name', 'p.brand', 'p.storage_gb', 'p.ram_gb', 'c.name as category'])
      .execute();
    const devices = rows.filter((r) => ['SmartPhones', 'Laptops and Computers'].includes(r.category));
    expect(
      devices.filter((r) => r.brand !== null && r.storage_gb !== null && r.ram_gb !== null).length,
    ).toBeGreaterThan(8);
    expect(rows.find((r) => r.name === 'Samsung Galaxy A54 5G 128GB')).toMatchObject({
      brand: 'Samsung',
      storage_gb: 128,
    });
    expect(rows.filter((r) => r.brand === null).length).toBeLessThan(3);
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    const again = await seed(t.db.kysely, { admin: { email: 'admin@example.mw', password: 'demo-password-1' } });
    expect(again.created).toEqual({ categories: 0, shops: 0, products: 0, users: 0 });
    expect(await counts()).toEqual(before);
  });

  it('seeds only categories, the admin and the home carousel pictures in production mode', async () => {
    const other = await createTestDb(engine);
    try {
      const { created } = await seed(other.db.kysely, { demo: false, admin: undefined });
      expect(created).toEqual({ categories: 6, shops: 0, products: 0, users: 0 });
      // The carousel asks for these three in production too (it once showed nothing there).
      const heroes = await other.db.kysely.selectFrom('images').select('filename').orderBy('filename').execute();
      expect(heroes.map((h) => h.filename)).toEqual(['hero-gaming.webp', 'hero-laptops.webp', 'hero-phones.webp']);
    } finally {
      await other.dispose();
    }
  });
});
