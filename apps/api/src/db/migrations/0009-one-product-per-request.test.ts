import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { migrateToLatest } from '../migrate.js';
import { migrationProvider } from './index.js';

describe.each(engines)('migration 0009-one-product-per-request [%s]', (engine) => {
  let t: TestDb;
  type Rows = {
    products: Record<string, string | number | null>;
    seller_requests: Record<string, string | number | null>;
  };
  const db = () => t.db.kysely as unknown as Kysely<Rows>;
  const at = '2026-01-01T00:00:00.000Z';
  const product = (name: string, requestId: number | null) => ({
    name,
    description: null,
    price: 1000,
    sale_price: null,
    currency: 'MWK',
    location: 'Zomba',
    shop_id: null,
    category_id: null,
    published: 1,
    sold: 0,
    seller_request_id: requestId,
    created_at: at,
    updated_at: at,
  });

  beforeAll(async () => {
    t = await createTestDb(engine, { migrate: false });
    const { error } = await new Migrator({ db: t.db.kysely, provider: migrationProvider(engine) }).migrateTo(
      '0008-seller-accounts',
    );
    if (error) throw error;
    await db()
      .insertInto('seller_requests')
      .values({
        reference: 'S-AAAAA',
        status_token_hash: 'x',
        phone_key: '999123456',
        offer_expires_at: null,
        seller_name: 'Thoko',
        email: 't@example.mw',
        phone: '0999123456',
        item_name: 'TV',
        description: 'Works',
        price: 1000,
        location: 'Zomba',
        status: 'Added to Inventory',
        notify_on_offer: 0,
        terms_accepted: 1,
        create_seller_account: 0,
        seller_user_id: null,
        version: 1,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    // Two products from one request (made by hand, around the API's version check), and two without one.
    await db()
      .insertInto('products')
      .values([product('First', 1), product('Second', 1), product('Plain A', null), product('Plain B', null)])
      .execute();
    await migrateToLatest(t.db);
  });
  afterAll(() => t.dispose());

  it('keeps the link on the oldest product only, then refuses a second product for the request', async () => {
    const rows = await db().selectFrom('products').select(['name', 'seller_request_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { name: 'First', seller_request_id: 1 },
      { name: 'Second', seller_request_id: null },
      { name: 'Plain A', seller_request_id: null },
      { name: 'Plain B', seller_request_id: null },
    ]);
    await expect(db().insertInto('products').values(product('Third', 1)).execute()).rejects.toThrow();
    await db().insertInto('products').values(product('Plain C', null)).execute();
  });
});
