import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Db } from './database.js';
import { migrationProvider } from './migrations/index.js';

/**
 * Whether exactly the migrations this build knows have run: one read of Kysely's table. False when the table is
 * missing (a new database), a migration has not run, or one this build does not know has (a newer build's).
 */
export async function schemaIsCurrent(db: Db): Promise<boolean> {
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db.kysely);
    const known = Object.keys(await migrationProvider(db.engine).getMigrations());
    const run = new Set(rows.rows.map((row) => row.name));
    return run.size === known.length && known.every((name) => run.has(name));
  } catch {
    return false;
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  // A restart's case: nothing to run. Kysely's migrator would read the catalogue of every table and take its lock
  // first, a tenth of a second and more on a busy PostgreSQL (issue 36, decision 0090).
  if (await schemaIsCurrent(db)) return;
  const migrator = new Migrator({ db: db.kysely, provider: migrationProvider(db.engine) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    // 42501 insufficient_privilege: the app's PostgreSQL role owns nothing, as the README advises (decision 0087).
    const hint =
      (error as { code?: unknown } | undefined)?.code === '42501'
        ? ' (this database role may not change the schema: run `npm run migrate` as the role that owns it, then start again)'
        : '';
    // No failed migration named: the migrator itself failed (the database unreachable, say).
    // The cause keeps the driver's code, by which a start tells an unreachable database from a bad migration.
    throw new Error(
      failed
        ? `Migration ${failed.migrationName} failed: ${reason}${hint}`
        : `Database migration failed: ${reason}${hint}`,
      { cause: error },
    );
  }
}
