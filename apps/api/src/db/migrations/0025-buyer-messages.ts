import type { Kysely } from 'kysely';

// Buyers hear about their order (docs/decisions/0060): the language the order was placed in, the hash of the link
// derived from the server's key (so later messages can carry a working link; the first link keeps working through
// token_hash), and when the hold's reminder was claimed (set once by a conditional update: one reminder per order).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema.alterTable('orders').addColumn('link_hash', 'varchar(64)').execute();
  await db.schema.alterTable('orders').addColumn('reminded_at', 'varchar(32)').execute();
  await db.schema.createIndex('orders_link_key').on('orders').column('link_hash').unique().execute();
}
