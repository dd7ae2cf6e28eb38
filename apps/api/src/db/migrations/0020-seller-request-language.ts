import type { Kysely } from 'kysely';

// The seller hears at once (docs/decisions/0056): a request remembers the language its form was filled in, so
// the SMS sent on submission (and later ones) can be in it; the address group it came from and whether that SMS
// went, so the daily caps per phone and per network count the SMS we sent, not the submissions.
export async function up(db: Kysely<unknown>): Promise<void> {
  const schema = db.schema;
  await schema
    .alterTable('seller_requests')
    .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
    .execute();
  await schema.alterTable('seller_requests').addColumn('client_group', 'varchar(64)').execute();
  await schema
    .alterTable('seller_requests')
    .addColumn('receipt_sms', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The per-network cap reads a group's requests of the last day on each public submission (the per-phone cap
  // uses seller_requests_phone_idx).
  await schema
    .createIndex('seller_requests_client_group_idx')
    .on('seller_requests')
    .columns(['client_group', 'created_at'])
    .execute();
}
