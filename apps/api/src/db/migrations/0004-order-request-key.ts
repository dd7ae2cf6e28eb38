import type { Kysely } from 'kysely';

// A checkout retried after its answer was lost finds the orders it already placed (by a hash of the
// client's request id) instead of being refused for the buyer's own reservation.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('request_key', 'varchar(64)').execute();
  await db.schema.createIndex('orders_request_idx').on('orders').column('request_key').execute();
}
