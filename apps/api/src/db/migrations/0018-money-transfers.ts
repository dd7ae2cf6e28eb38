import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { notNull, withId } from './columns.js';

// Money through the gateway (docs/decisions/0052): each charge, refund and seller payout is one row, written before
// the gateway is asked, so a crash or a timeout leaves a transfer to verify rather than money nobody knows about.
// The ledger records a transfer's money once the gateway confirms it. Orders remember how the buyer chose to pay
// and where that payment stands. Frozen once landed.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const schema = db.schema;
  await schema
    .alterTable('orders')
    .addColumn('payment', 'varchar(20)', (c) => c.notNull().defaultTo('on_collection'))
    .execute();
  await schema
    .alterTable('orders')
    .addColumn('payment_status', 'varchar(20)', (c) => c.notNull().defaultTo('not_required'))
    .execute();

  await withId(engine, schema.createTable('money_transfers'))
    // charge (a buyer pays an order), refund (back to the buyer), seller_payout.
    .addColumn('kind', 'varchar(20)', notNull)
    // Our id, sent as the gateway's charge_id: one per attempt, so the gateway itself refuses a second send.
    .addColumn('transfer_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    // No foreign key: a deleted seller request keeps its payout's record (as the ledger does).
    .addColumn('seller_request_id', 'integer')
    // The charge a refund gives back.
    .addColumn('refund_of', 'integer', (c) => c.references('money_transfers.id'))
    .addColumn('method', 'varchar(20)', notNull)
    .addColumn('mobile', 'varchar(20)')
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    // starting (written, gateway not yet answered), pending, paid, failed.
    .addColumn('status', 'varchar(20)', notNull)
    .addColumn('reference', 'varchar(100)')
    .addColumn('fee', 'bigint')
    // Why it failed, or what disagreed when the gateway's answer did not match what we asked.
    .addColumn('note', 'varchar(300)')
    .addColumn('staff_id', 'integer')
    // When the poller next asks the gateway; while a process is asking, the end of its lease.
    .addColumn('check_at', 'varchar(32)')
    .addColumn('checks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('updated_at', 'varchar(32)', notNull)
    .addColumn('settled_at', 'varchar(32)')
    .execute();
  await schema.createIndex('money_transfers_order_idx').on('money_transfers').columns(['order_id', 'kind']).execute();
  await schema.createIndex('money_transfers_check_idx').on('money_transfers').columns(['status', 'check_at']).execute();
  await schema
    .createIndex('money_transfers_request_idx')
    .on('money_transfers')
    .columns(['seller_request_id', 'kind'])
    .execute();
  // Never twice: one refund alive (or done) per charge, one payout alive (or done) per seller request. Two staff,
  // or a cancel and an event, racing to send one both reach this index and only one row gets in.
  await sql`create unique index money_transfers_one_refund on money_transfers (refund_of) where kind = 'refund' and status <> 'failed'`.execute(
    db,
  );
  await sql`create unique index money_transfers_one_payout on money_transfers (seller_request_id) where kind = 'seller_payout' and status <> 'failed'`.execute(
    db,
  );
}
