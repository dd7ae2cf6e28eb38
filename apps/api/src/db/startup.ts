import { sql } from 'kysely';
import { SQLITE_BUSY_MS, type Db } from './database.js';

const STARTUP_BUSY_MS = 120_000;
import { migrateToLatest } from './migrate.js';
import { isEmpty, seed, type SeedOptions } from './seed/index.js';
import { reindexSearchIfStale } from '../modules/products/index.js';
import type { Readiness } from '../modules/health/index.js';

/**
 * Brings the database to the latest schema and seeds it on first start. Safe when several processes start
 * at once on one empty database: migrations take Kysely's lock (serialised transactions on SQLite), and
 * the seed re-checks inside its transaction (under an advisory lock on PostgreSQL).
 */
export async function prepareDatabase(
  db: Db,
  seedOptions: Omit<SeedOptions, 'serialize'>,
  /** Told each step, so /api/health/ready names it in its 503 (decision 0074). */
  readiness?: Pick<Readiness, 'doing'>,
): Promise<void> {
  // Another process migrating or seeding holds SQLite's write lock for seconds: wait for it at start-up
  // (nothing is served yet), then go back to the short wait requests get.
  if (db.engine === 'sqlite') await sql.raw(`pragma busy_timeout = ${STARTUP_BUSY_MS}`).execute(db.kysely);
  try {
    readiness?.doing('migrations');
    await migrateToLatest(db);
    readiness?.doing('seed');
    if (await isEmpty(db.kysely)) await seed(db.kysely, { ...seedOptions, serialize: db.engine === 'postgres' });
    readiness?.doing('search reindex');
    await reindexSearchIfStale(db);
  } finally {
    if (db.engine === 'sqlite') await sql.raw(`pragma busy_timeout = ${SQLITE_BUSY_MS}`).execute(db.kysely);
  }
}
