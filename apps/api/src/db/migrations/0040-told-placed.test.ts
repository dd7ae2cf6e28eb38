import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { migrateToLatest } from '../migrate.js';
import { migrationProvider } from './index.js';

// Decision 0083: orders placed before 0040 were told "reserved" at placement, so none is told again when it is paid.
describe.each(engines)('migration 0040-told-placed on existing orders [%s]', (engine) => {
  let t: TestDb;
  const at = '2026-11-01T09:00:00.000Z';

  beforeAll(async () => {
    t = await createTestDb(engine, { migrate: false });
    const { error } = await new Migrator({ db: t.db.kysely, provider: migrationProvider(engine) }).migrateTo(
      '0039-corrections-and-archive',
    );
    if (error) throw error;
    const old = t.db.kysely as unknown as Kysely<{ orders: Record<string, string | number | null> }>;
    await old
      .insertInto('orders')
      .values({
        number: 'MW-OLD01',
        token_hash: 'old-token-hash',
        status: 'Placed',
        version: 1,
        buyer_name: 'Chikondi Banda',
        phone: '+265999123456',
        fulfilment: 'collect',
        subtotal: 1000,
        total: 1000,
        payment: 'airtel_money',
        payment_status: 'pending',
        expires_at: '2026-11-01T09:15:00.000Z',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await migrateToLatest(t.db);
  });
  afterAll(() => t.dispose());

  it('marks every existing order as told when it was placed', async () => {
    const row = await t.db.kysely
      .selectFrom('orders')
      .select('told_placed_at')
      .where('number', '=', 'MW-OLD01')
      .executeTakeFirstOrThrow();
    expect(row.told_placed_at).toBe(at);
  });
});
