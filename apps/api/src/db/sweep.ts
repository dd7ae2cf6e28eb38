import { sql, type Selectable, type SelectType, type Transaction } from 'kysely';
import { HttpError } from '../plugins/errors.js';
import type { Db, Executor } from './database.js';
import type { Database } from './schema.js';

/** Tables whose rows can fall due: each row has an id. */
type Table = { [T in keyof Database]: Database[T] extends { id: unknown } ? T : never }[keyof Database];
/** The columns of a table's rows whose values are of type V. */
type Column<T extends Table, V> = {
  [C in keyof Database[T]]: SelectType<Database[T][C]> extends V ? C : never;
}[keyof Database[T]] &
  string;

/**
 * What is due, the module's own rule: rows of `table` whose `status` is one of `statuses` and whose
 * `dueAt` time has come.
 */
export interface Due<T extends Table> {
  table: T;
  /** The column of the row's place in its flow (`status`, or the outbox's `state`). */
  status: Column<T, string>;
  statuses: readonly string[];
  /** The column holding the time (ISO, or null: never) the row falls due at. */
  dueAt: Column<T, string | null>;
  /** Rows never due whatever their time: `column` holding one of `values` (a paid order has no expiry). */
  unless?: { column: Column<T, string>; values: readonly string[] };
}

/** Rows looked at per sweep; the timer comes back for the rest. */
const SWEEP_BATCH = 200;

/**
 * Expires the rows due at `now`, oldest first, each in its own transaction, and returns how many this call
 * expired. Safe with several processes sweeping at once: each row is claimed again inside its transaction
 * (skipped when no longer due), and `expire` moves it by version, so it is expired and recorded exactly
 * once. A flow refusal (409) from `expire` means someone acted first: not ours.
 */
export async function expireDue<T extends Table>(
  db: Db,
  due: Due<T>,
  {
    now,
    expire,
    batch = SWEEP_BATCH,
  }: {
    now: Date;
    expire: (trx: Transaction<Database>, row: Selectable<Database[T]>) => Promise<void>;
    batch?: number | undefined;
  },
): Promise<number> {
  const at = now.toISOString();
  let expired = 0;
  for (const id of await dueIds(db.kysely, due, at, batch)) {
    const done = await db.kysely
      .transaction()
      .execute(async (trx) => {
        const row = await claimDue(trx, due, { lock: db.engine === 'postgres', id, at });
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

/** The rule's query, without the claim's id: every row of the table in those statuses due at `at`. */
function dueRows<T extends Table>(db: Executor, { table, status, statuses, dueAt, unless }: Due<T>, at: string) {
  const query = db
    .selectFrom(table as Table)
    .where(sql.ref(status), 'in', [...statuses])
    .where(sql.ref(dueAt), '<=', at);
  return unless ? query.where(sql.ref(unless.column), 'not in', [...unless.values]) : query;
}

/** The ids of the rows due at `at`, the longest due first: read outside any transaction, then claimed one by one. */
export async function dueIds<T extends Table>(db: Executor, due: Due<T>, at: string, limit: number): Promise<number[]> {
  const rows = await dueRows(db, due, at).select('id').orderBy(sql.ref(due.dueAt)).orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

/**
 * Claims one due row inside the caller's transaction; undefined when it is no longer due (taken or moved
 * meanwhile). On PostgreSQL the row is locked and one already locked (another process taking it, or
 * someone acting on it) is skipped; SQLite has one writer, so a plain read in the write transaction is
 * already exclusive.
 */
export async function claimDue<T extends Table>(
  trx: Transaction<Database>,
  due: Due<T>,
  { lock, id, at }: { lock: boolean; id: number; at: string },
): Promise<Selectable<Database[T]> | undefined> {
  const query = dueRows(trx, due, at).selectAll().where('id', '=', id);
  return (await (lock ? query.forUpdate().skipLocked() : query).executeTakeFirst()) as
    Selectable<Database[T]> | undefined;
}
