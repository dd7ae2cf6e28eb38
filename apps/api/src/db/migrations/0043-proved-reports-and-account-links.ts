import { sql, type Kysely } from 'kysely';

// Issue 35 (docs/decisions/0086). A report may carry a proved phone: only 3 different proved phones hide an item by
// themselves, so one report per item per phone (nulls, the anonymous reports, never collide). Many phones share
// one mobile-network address, so the one-per-address rule now holds for anonymous reports only. `hid_at` marks the
// report whose count hid the item: the hourly cap on automatic hides counts them. A seller-account link no longer
// carries a password: the email's owner chooses it on the confirm page, so the hashes links already mailed hold
// (their requester's choice) are dropped; those links still work. Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('product_reports').addColumn('phone', 'varchar(20)').execute();
  await db.schema.alterTable('product_reports').addColumn('hid_at', 'varchar(32)').execute();
  await db.schema.dropIndex('product_reports_address_group').execute();
  await db.schema
    .createIndex('product_reports_address_group')
    .on('product_reports')
    .columns(['product_id', 'address_group'])
    .unique()
    .where(sql.ref('phone'), 'is', null)
    .execute();
  await db.schema
    .createIndex('product_reports_phone')
    .on('product_reports')
    .columns(['product_id', 'phone'])
    .unique()
    .execute();
  await db.schema.createIndex('product_reports_hid_at').on('product_reports').column('hid_at').execute();
  await sql`update email_links set password_hash = null where purpose = 'seller_account'`.execute(db);
}
