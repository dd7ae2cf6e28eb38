import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';

// Issue 35 (docs/decisions/0087). PostgreSQL's row triggers of 0017 do not fire on TRUNCATE, which empties the
// ledger in one statement (or with `truncate orders cascade`): a statement trigger refuses it with the same
// message. SQLite has no TRUNCATE; its DELETE without WHERE is refused by 0017's delete trigger. Frozen once landed.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`create trigger ledger_entries_no_truncate before truncate on ledger_entries for each statement execute function refuse_ledger_change()`.execute(
    db,
  );
}
