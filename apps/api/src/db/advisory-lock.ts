import { sql, type Transaction } from 'kysely';
import type { Engine } from './database.js';
import type { Database } from './schema.js';

/**
 * Serialises transactions that count rows and then write on the count (a cap): on PostgreSQL, a lock per
 * key held until the transaction ends; taken in sorted order so two transactions sharing keys cannot
 * deadlock. SQLite needs none: every write transaction begins IMMEDIATE, one at a time.
 */
export async function lockKeys(trx: Transaction<Database>, engine: Engine, keys: string[]): Promise<void> {
  if (engine !== 'postgres') return;
  for (const key of [...new Set(keys)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}
