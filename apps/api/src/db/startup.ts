import type { Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { isEmpty, seed, type SeedOptions } from './seed/index.js';

/**
 * Brings the database to the latest schema and seeds it on first start. Safe when several processes start
 * at once on one empty database: migrations take Kysely's lock (serialised transactions on SQLite), and
 * the seed re-checks inside its transaction (under an advisory lock on PostgreSQL).
 */
export async function prepareDatabase(db: Db, seedOptions: Omit<SeedOptions, 'serialize'>): Promise<void> {
  await migrateToLatest(db);
  if (await isEmpty(db.kysely)) await seed(db.kysely, { ...seedOptions, serialize: db.engine === 'postgres' });
}
