import type { Kysely } from 'kysely';
import { notNull } from './columns.js';

// Settings the server makes for itself and every process must share (the status links' key when
// LINK_SECRET is not set).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', notNull)
    .addColumn('created_at', 'varchar(32)', notNull)
    .execute();
}
