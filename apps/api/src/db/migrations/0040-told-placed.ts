import { sql, type Kysely } from 'kysely';

// Issue 35 (docs/decisions/0083). A pay-now order's buyer is told it is reserved (the SMS with the collection code)
// once it is paid, or once it becomes a reservation, not when it is placed: told_placed_at is set by whichever change
// tells them, where it is still empty, so they are told once. Orders placed before this were told at placement.
// A phone gets one round of PIN prompts per 10 minutes: its newest charge is found by mobile. Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('told_placed_at', 'varchar(32)').execute();
  await sql`update orders set told_placed_at = created_at`.execute(db);
  await db.schema
    .createIndex('money_transfers_mobile_idx')
    .on('money_transfers')
    .columns(['mobile', 'created_at'])
    .execute();
}
