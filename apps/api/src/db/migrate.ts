import { Migrator } from 'kysely';
import type { Db } from './database.js';
import { migrationProvider } from './migrations/index.js';

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: migrationProvider(db.engine) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    // No failed migration named: the migrator itself failed (the database unreachable, say).
    // The cause keeps the driver's code, by which a start tells an unreachable database from a bad migration.
    throw new Error(
      failed ? `Migration ${failed.migrationName} failed: ${reason}` : `Database migration failed: ${reason}`,
      { cause: error },
    );
  }
}
