import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listProducts } from '../../modules/products/listing.js';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { migrateToLatest } from '../migrate.js';
import { migrationProvider } from './index.js';

describe.each(engines)('migration 0011-catalogue-queries on an existing catalogue [%s]', (engine) => {
  let t: TestDb;
  type Old = {
    categories: {
      name: string;
      name_key: string;
      description: null;
      parent_id: null;
      created_at: string;
      updated_at: string;
    };
    products: Record<string, string | number | null>;
    product_terms: { product_id: number; term: string };
  };
  const at = '2026-01-01T00:00:00.000Z';

  beforeAll(async () => {
    t = await createTestDb(engine, { migrate: false });
    const { error } = await new Migrator({ db: t.db.kysely, provider: migrationProvider(engine) }).migrateTo(
      '0010-catalogue-version',
    );
    if (error) throw error;
    const old = t.db.kysely as unknown as Kysely<Old>;
    await old
      .insertInto('categories')
      .values({
        name: 'Phones',
        name_key: 'phones',
        description: null,
        parent_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const product = (name: string, published: number, category_id: number | null) => ({
      name,
      description: null,
      price: 1000,
      sale_price: null,
      currency: 'MWK',
      location: null,
      shop_id: null,
      category_id,
      published,
      sold: 0,
      seller_request_id: null,
      created_at: at,
      updated_at: at,
    });
    await old
      .insertInto('products')
      .values([
        product('Samsung Galaxy', 1, 1),
        product('Nokia 3310', 1, 1),
        product('Hidden Samsung', 0, 1),
        product('Loose', 1, null),
      ])
      .execute();
    // The word index as the code before 0011 wrote it.
    const words: [number, string[]][] = [
      [1, ['samsung', 'galaxy', 'phones']],
      [2, ['nokia', '3310', 'phones']],
      [3, ['hidden', 'samsung', 'phones']],
      [4, ['loose']],
    ];
    await old
      .insertInto('product_terms')
      .values(words.flatMap(([product_id, terms]) => terms.map((term) => ({ product_id, term }))))
      .execute();
    await migrateToLatest(t.db);
  });
  afterAll(() => t.dispose());

  it('moves the words into the full-text index and drops the old table', async () => {
    const names = async (search: string) =>
      (await listProducts(t.db, { search, limit: 10, offset: 0 })).rows.map((r) => r.name);
    expect(await names('sams')).toEqual(['Samsung Galaxy']);
    expect(await names('phon 33')).toEqual(['Nokia 3310']);
    expect(
      (await listProducts(t.db, { search: 'samsung', limit: 10, offset: 0, includeUnpublished: true })).total,
    ).toBe(2);
    const tables = await t.db.kysely.introspection.getTables();
    expect(tables.map((table) => table.name)).not.toContain('product_terms');
  });

  it('counts the existing products', async () => {
    expect((await listProducts(t.db, { limit: 1, offset: 0 })).total).toBe(3);
    expect((await listProducts(t.db, { limit: 1, offset: 0, categoryKey: 'phones' })).total).toBe(2);
    expect((await listProducts(t.db, { limit: 1, offset: 0, includeUnpublished: true })).total).toBe(4);
  });
});
