import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { notNull, withId } from './columns.js';

// The money ledger (docs/decisions/0049): every movement of money is one row, written in the same transaction as
// the change it records, and never changed: the database itself refuses UPDATE and DELETE. A correction is a new
// row. The shop and staff member are kept by id and by name, without foreign keys, so deleting a shop or a user
// neither changes nor blocks the record. Frozen once landed.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await withId(engine, db.schema.createTable('ledger_entries'))
    .addColumn('kind', 'varchar(20)', notNull)
    .addColumn('direction', 'varchar(3)', (c) => c.notNull().check(sql`direction in ('in', 'out')`))
    .addColumn('method', 'varchar(20)', notNull)
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('reference', 'varchar(100)')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    // Staff may delete a seller request; its payout's record stays, found by the reference kept beside it.
    .addColumn('seller_request_id', 'integer')
    // The order's number or the seller request's reference, as people read it (MW-4K7Q2, S-7QK2M).
    .addColumn('subject_number', 'varchar(20)')
    .addColumn('shop_id', 'integer')
    .addColumn('shop_name', 'varchar(120)')
    .addColumn('staff_id', 'integer')
    .addColumn('staff_name', 'varchar(120)')
    .addColumn('note', 'varchar(300)')
    .addColumn('created_at', 'varchar(32)', notNull)
    .execute();
  await db.schema.createIndex('ledger_entries_day_idx').on('ledger_entries').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('ledger_entries_shop_idx')
    .on('ledger_entries')
    .columns(['shop_id', 'created_at'])
    .execute();
  await db.schema.createIndex('ledger_entries_order_idx').on('ledger_entries').column('order_id').execute();

  const refusal = 'ledger entries are never changed or deleted: write a correcting entry';
  if (engine === 'postgres') {
    await sql
      .raw(
        `create function refuse_ledger_change() returns trigger language plpgsql as $$ begin raise exception '${refusal}'; end $$`,
      )
      .execute(db);
    await sql`create trigger ledger_entries_append_only before update or delete on ledger_entries for each row execute function refuse_ledger_change()`.execute(
      db,
    );
    return;
  }
  for (const op of ['update', 'delete']) {
    await sql
      .raw(
        `create trigger ledger_entries_no_${op} before ${op} on ledger_entries begin select raise(abort, '${refusal}'); end`,
      )
      .execute(db);
  }
}
