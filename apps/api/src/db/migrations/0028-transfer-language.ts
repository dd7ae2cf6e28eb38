import type { Kysely } from 'kysely';

// docs/decisions/0062: a buyer's transfer request keeps the storefront's language, so the shop's answer by SMS
// reaches them in the language they asked in (as orders do, 0025). Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('transfer_requests')
    .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .createIndex('transfer_requests_address')
    .on('transfer_requests')
    .columns(['address_group', 'state'])
    .execute();
}
