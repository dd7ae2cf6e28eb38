import type { Transaction } from 'kysely';
import { HttpError } from '../plugins/errors.js';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/**
 * Runs one expiry per due row, each in its own transaction, and returns how many went through. Safe with
 * several processes sweeping at once: `claim` reads the row again inside the transaction (locked, skipping
 * rows another process holds, on PostgreSQL; SQLite has one writer) and answers undefined when it is no
 * longer due; `expire` moves it by version. A flow refusal (409) means someone acted first: not ours.
 */
export async function expireEach<Row>(
  db: Db,
  ids: readonly number[],
  claim: (trx: Transaction<Database>, lock: boolean, id: number) => Promise<Row | undefined>,
  expire: (trx: Transaction<Database>, row: Row) => Promise<void>,
): Promise<number> {
  let expired = 0;
  for (const id of ids) {
    const done = await db.kysely
      .transaction()
      .execute(async (trx) => {
        const row = await claim(trx, db.engine === 'postgres', id);
        if (!row) return false;
        await expire(trx, row);
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 409) return false;
        throw error;
      });
    if (done) expired++;
  }
  return expired;
}
