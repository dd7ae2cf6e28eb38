import { sql, type Transaction } from 'kysely';
import type { Db } from './database.js';
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

/**
 * Runs `work` in this process only when no other process runs it under the same `key` (PostgreSQL: a session lock
 * taken without waiting, on a connection held for the length of `work`); undefined when another process has it.
 * SQLite runs it as is: its processes share one machine and see each other's results (the backup folder).
 */
export async function oneAtATime<T>(db: Db, key: string, work: () => Promise<T>): Promise<T | undefined> {
  if (db.engine !== 'postgres') return work();
  return db.kysely.connection().execute(async (connection) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(hashtextextended(${key}, 0)) as locked`.execute(connection);
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(connection);
    }
  });
}
