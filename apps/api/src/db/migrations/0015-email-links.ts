import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { notNull, withId } from './columns.js';

// One-time links mailed to an address (docs/decisions/0040, 0043): confirming a seller account and resetting a
// password. Only the token's SHA-256 is stored; a link works until it expires or is used once.
// users.email_confirmed_at: when the account's owner proved the email (staff made by an Admin count as
// proved). A seller account made before this migration is unproved, so the email's owner can replace it.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const schema = db.schema;
  await withId(engine, schema.createTable('email_links'))
    .addColumn('purpose', 'varchar(20)', notNull)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', notNull)
    // Reset links: the account. Seller account links: the item, and the password chosen when asking.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('seller_request_id', 'integer', (c) => c.references('seller_requests.id').onDelete('cascade'))
    .addColumn('password_hash', 'varchar(200)')
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('expires_at', 'varchar(32)', notNull)
    .addColumn('used_at', 'varchar(32)')
    .execute();
  // Links sent to one address lately (the per-email limit).
  await schema.createIndex('email_links_email_idx').on('email_links').columns(['email', 'created_at']).execute();
  await schema.createIndex('email_links_user_idx').on('email_links').columns(['user_id']).execute();
  await schema.createIndex('email_links_request_idx').on('email_links').columns(['seller_request_id']).execute();

  await schema.alterTable('users').addColumn('email_confirmed_at', 'varchar(32)').execute();
  await sql`update users set email_confirmed_at = created_at where role <> 'User'`.execute(db);
}
