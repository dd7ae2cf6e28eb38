import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { engines, createTestDb, type TestDb } from '../test/databases.js';
import { migrateToLatest, schemaIsCurrent } from './migrate.js';

// Issue 36 (decision 0090): a restart finds every migration already run. One read of Kysely's table says so, and
// Kysely's migrator (which reads the catalogue of every table and takes its lock) runs only when something is
// missing or unknown, as on a first start or an upgrade.
describe.each(engines)('migrating at start [%s]', (engine) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('says the schema is current only when exactly the known migrations have run', async () => {
    t = await createTestDb(engine, { migrate: false });
    expect(await schemaIsCurrent(t.db)).toBe(false);
    await migrateToLatest(t.db);
    expect(await schemaIsCurrent(t.db)).toBe(true);

    const newest = await t.db.kysely
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`max(name)`.as('name'))
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${newest.name}`.execute(t.db.kysely);
    expect(await schemaIsCurrent(t.db)).toBe(false);
    await sql`insert into kysely_migration (name, timestamp) values (${newest.name}, '2026-11-29')`.execute(
      t.db.kysely,
    );
    expect(await schemaIsCurrent(t.db)).toBe(true);
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-build', '2026-11-29')`.execute(
      t.db.kysely,
    );
    expect(await schemaIsCurrent(t.db)).toBe(false);
    // A database a newer build migrated is refused as before, not served by an older build.
    await expect(migrateToLatest(t.db)).rejects.toThrow(/migration/i);
  });

  it('leaves a current schema alone without running the migrator', async () => {
    t = await createTestDb(engine);
    // The migrator makes its lock table whenever it runs: gone and not made again, it did not run.
    await sql`drop table kysely_migration_lock`.execute(t.db.kysely);
    await migrateToLatest(t.db);
    const tables = await t.db.kysely.introspection.getTables({ withInternalKyselyTables: true });
    expect(tables.map((table) => table.name)).not.toContain('kysely_migration_lock');
  });
});
