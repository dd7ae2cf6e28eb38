import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { migrateToLatest } from '../migrate.js';
import { migrationProvider } from './index.js';

describe.each(engines)('migration 0013-condition-grade on existing rows [%s]', (engine) => {
  let t: TestDb;
  const at = '2026-01-01T00:00:00.000Z';

  beforeAll(async () => {
    t = await createTestDb(engine, { migrate: false });
    const { error } = await new Migrator({ db: t.db.kysely, provider: migrationProvider(engine) }).migrateTo(
      '0011-catalogue-queries',
    );
    if (error) throw error;
    const old = t.db.kysely as unknown as Kysely<{ products: Record<string, string | number | null> }>;
    await old
      .insertInto('products')
      .values({
        name: 'Old Nokia',
        description: null,
        price: 1000,
        sale_price: null,
        currency: 'MWK',
        location: null,
        shop_id: null,
        category_id: null,
        published: 1,
        sold: 0,
        seller_request_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await migrateToLatest(t.db);
  });
  afterAll(() => t.dispose());

  it('leaves existing products not graded, with nothing stated', async () => {
    const row = await t.db.kysely
      .selectFrom('products')
      .select(['condition', 'warranty_days', 'battery_health'])
      .where('name', '=', 'Old Nokia')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ condition: null, warranty_days: null, battery_health: null });
  });

  it('stores only the four grades and numbers in range', async () => {
    const k = t.db.kysely;
    // A row of its own: the suite shuffles tests, and the one above reads Old Nokia as migrated.
    await k
      .insertInto('products')
      .values({
        name: 'Graded Nokia',
        description: null,
        price: 1000,
        sale_price: null,
        currency: 'MWK',
        location: null,
        shop_id: null,
        category_id: null,
        published: 1,
        sold: 0,
        seller_request_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const set = (values: Record<string, unknown>) =>
      k
        .updateTable('products')
        .set(values as never)
        .where('name', '=', 'Graded Nokia')
        .execute();
    for (const grade of ['like_new', 'good', 'fair', 'for_parts']) await set({ condition: grade });
    for (const bad of [
      { condition: 'Like new' },
      { condition: '' },
      { warranty_days: 3651 },
      { warranty_days: -1 },
      { battery_health: 0 },
      { battery_health: 101 },
    ]) {
      await expect(set(bad), JSON.stringify(bad)).rejects.toThrow();
    }
    await set({ condition: null, warranty_days: 3650, battery_health: 1 });
    const columns = (await k.introspection.getTables())
      .find((table) => table.name === 'seller_requests')!
      .columns.map((c) => c.name);
    expect(columns).toContain('condition');
  });
});
