import type { Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { notNull, withId } from './columns.js';

// Failed logins live in the database, not in process memory, so every API instance sees the same count.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await withId(engine, db.schema.createTable('login_failures'))
    .addColumn('email_key', 'varchar(254)', notNull)
    .addColumn('ip', 'varchar(64)', notNull)
    .addColumn('created_at', 'varchar(32)', notNull)
    .execute();
  await db.schema
    .createIndex('login_failures_email_idx')
    .on('login_failures')
    .columns(['email_key', 'created_at'])
    .execute();
  await db.schema.createIndex('login_failures_ip_idx').on('login_failures').columns(['ip', 'created_at']).execute();
}
