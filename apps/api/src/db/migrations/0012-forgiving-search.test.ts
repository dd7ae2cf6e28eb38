import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listProducts } from '../../modules/products/listing.js';
import { reindexSearchIfStale, SEARCH_TERMS_VERSION } from '../../modules/products/repository/search-index.js';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { migrateToLatest } from '../migrate.js';
import { migrationProvider } from './index.js';

describe.each(engines)('migration 0012-forgiving-search on an existing catalogue [%s]', (engine) => {
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
    product_search: { product_id: number; terms: string };
  };
  const at = '2026-01-01T00:00:00.000Z';
  const names = async (search: string) =>
    (await listProducts(t.db, { search, limit: 10, offset: 0, sort: 'relevance' })).rows.map((r) => r.name);

  beforeAll(async () => {
    t = await createTestDb(engine, { migrate: false });
    const { error } = await new Migrator({ db: t.db.kysely, provider: migrationProvider(engine) }).migrateTo(
      '0011-catalogue-queries',
    );
    if (error) throw error;
    const old = t.db.kysely as unknown as Kysely<Old>;
    await old
      .insertInto('categories')
      .values({
        name: 'SmartPhones',
        name_key: 'smartphones',
        description: null,
        parent_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const product = (name: string, description: string) => ({
      name,
      description,
      price: 1000,
      sale_price: null,
      currency: 'MWK',
      location: null,
      shop_id: null,
      category_id: 1,
      published: 1,
      sold: 0,
      seller_request_id: null,
      created_at: at,
      updated_at: at,
    });
    await old
      .insertInto('products')
      .values([product('Samsung Galaxy A54', 'Violet'), product('PlayStation 4 Slim', 'Two controllers')])
      .execute();
    // The words as the code before 0012 wrote them: as typed, no stems, no split model codes.
    await old
      .insertInto('product_search')
      .values([
        { product_id: 1, terms: 'samsung galaxy a54 violet smartphones' },
        { product_id: 2, terms: 'playstation 4 slim two controllers smartphones' },
      ])
      .execute();
    await migrateToLatest(t.db);
  });
  afterAll(() => t.dispose());

  // One test: its steps happen in this order (the suite shuffles tests).
  it('keeps the old words searchable, then rewrites every product once at start-up to forgive plurals, codes and typos', async () => {
    expect(await names('galaxy')).toEqual(['Samsung Galaxy A54']);
    expect(await names('controller')).toEqual(['PlayStation 4 Slim']);
    await reindexSearchIfStale(t.db);
    expect(await names('phone')).toEqual(['PlayStation 4 Slim', 'Samsung Galaxy A54']);
    expect(await names('ps4')).toEqual(['PlayStation 4 Slim']);
    expect(await names('samsnug')).toEqual(['Samsung Galaxy A54']);
    const setting = await t.db.kysely
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'search_terms_version')
      .executeTakeFirst();
    expect(setting?.value).toBe(SEARCH_TERMS_VERSION);
    // A second start finds the words current and leaves them alone.
    await t.db.kysely.updateTable('product_search').set({ terms: 'changed' }).where('product_id', '=', 1).execute();
    await reindexSearchIfStale(t.db);
    expect(
      (await t.db.kysely.selectFrom('product_search').select('terms').where('product_id', '=', 1).executeTakeFirst())
        ?.terms,
    ).toBe('changed');
  });
});
