import { Migrator } from 'kysely';
import type { Db } from './database.js';
import { migrationProvider } from './migrations/index.js';

export async function migrateToLatest(db: Db): Promise<void> {
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
