import type { Kysely } from 'kysely';

// A seller's retry after a lost answer returns the first submission instead of making a second one (docs/decisions/
// 0076), as orders' request_id does. The SHA-256 of the client's request_id, never the id itself: the id is what
// lets a retry be answered with the status link. Null for staff's requests and clients that send none; a unique
// index allows any number of nulls on both engines. Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('seller_requests').addColumn('request_key', 'varchar(64)').execute();
  await db.schema
    .createIndex('seller_requests_request_key')
    .unique()
    .on('seller_requests')
    .column('request_key')
    .execute();
}
