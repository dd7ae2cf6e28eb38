import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { notNull, withId } from './columns.js';

// docs/decisions/0070: buyers' alerts, an SMS when a saved item drops in price or is on sale again, or when a search
// has a new match. In no public answer (hence no catalogue-version triggers). Frozen once landed.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await withId(engine, db.schema.createTable('alerts'))
    // The proved phone (+265...), which alone receives the SMS.
    .addColumn('phone', 'varchar(20)', notNull)
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('item', 'search')`))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
    // A search alert: the words and the list filters (JSON, as GET /v1/products takes them).
    .addColumn('query', 'varchar(100)')
    .addColumn('filters', 'text')
    .addColumn('language', 'varchar(2)', notNull)
    // An item alert's baseline: the price and whether it could be ordered when set or last told.
    .addColumn('base_price', 'integer')
    .addColumn('base_orderable', 'integer')
    // The hash of the stop link's token (one per phone: the SMS stops all the phone's alerts).
    .addColumn('stop_hash', 'varchar(64)', notNull)
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('expires_at', 'varchar(32)', notNull)
    .addColumn('told_at', 'varchar(32)')
    // Set when stopped or expired; the row stays for the record.
    .addColumn('ended_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('alerts_phone').on('alerts').columns(['phone', 'ended_at']).execute();
  await db.schema.createIndex('alerts_live').on('alerts').columns(['ended_at', 'expires_at']).execute();
  await db.schema.createIndex('alerts_stop').on('alerts').column('stop_hash').execute();
  // The products a search alert already knew of (present when set, or told since): only others are new.
  await db.schema
    .createTable('alert_seen')
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', notNull)
    .addPrimaryKeyConstraint('alert_seen_pk', ['alert_id', 'product_id'])
    .execute();
  // When each phone was last sent an alert SMS: at most one a day (claimed under a lock by the sweep).
  await db.schema
    .createTable('alert_phones')
    .addColumn('phone', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('sent_at', 'varchar(32)', notNull)
    .execute();
}
