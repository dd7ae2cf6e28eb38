import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { notNull, withId } from './columns.js';

// docs/decisions/0103: a buyer's offer on a listed item, answered by the item's shop (accept, counter, decline) or
// at once by the item's floor and accept-at-once prices. Offers appear in no public catalogue answer: no
// catalogue-version triggers. The floor and accept prices are staff-only columns of products. Frozen once landed.
const STATUSES = ['open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired', 'ordered'];
/** Waiting for an answer (the shop's, or the buyer's to a counter): at most one per product and phone. */
const LIVE_STATUSES = ['open', 'countered'];

const list = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await withId(engine, db.schema.createTable('offers'))
    // 'O-4K7Q2MX': read out at the counter and on the phone; not a secret.
    .addColumn('reference', 'varchar(16)', (c) => c.notNull().unique())
    // The private link's secret is never stored: only its SHA-256, as orders keep theirs.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    // The shop holding the item when the offer was made answers it.
    .addColumn('shop_id', 'integer', (c) => c.references('shops.id').onDelete('set null'))
    // The listed price when the offer was made: the discount figures compare with it.
    .addColumn('list_price', 'integer', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('counter_amount', 'integer')
    .addColumn('agreed_amount', 'integer')
    .addColumn('buyer_name', 'varchar(120)', notNull)
    .addColumn('phone', 'varchar(20)', notNull)
    .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
    .addColumn('note', 'text')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in (${list(STATUSES)})`))
    .addColumn('decline_reason', 'varchar(32)')
    // When an open offer or a counter lapses (OFFER_HOURS); null once answered for good.
    .addColumn('expires_at', 'varchar(32)')
    // An accepted offer: the buyer may order at agreed_amount until then.
    .addColumn('agreed_until', 'varchar(32)')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    // The offering client's address group (plugins/address-group.ts).
    .addColumn('address_group', 'varchar(64)', notNull)
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('updated_at', 'varchar(32)', notNull)
    .execute();
  // One live offer per item and phone: a second one, even sent at once, inserts nothing (409).
  await db.schema
    .createIndex('offers_live_product_phone')
    .on('offers')
    .columns(['product_id', 'phone'])
    .unique()
    .where(sql.ref('status'), 'in', LIVE_STATUSES)
    .execute();
  await db.schema.createIndex('offers_phone_status').on('offers').columns(['phone', 'status']).execute();
  await db.schema.createIndex('offers_status').on('offers').columns(['status', 'shop_id', 'created_at']).execute();
  await db.schema.createIndex('offers_product').on('offers').columns(['product_id', 'status']).execute();

  // The order line bought at an agreed price names its offer.
  await db.schema
    .alterTable('order_items')
    .addColumn('offer_id', 'integer', (c) => c.references('offers.id').onDelete('set null'))
    .execute();

  // Staff-only prices of an item (never in a public answer): offers below the floor are declined at once, offers at
  // or above accept_price accepted at once. Fire any deferred catalogue triggers of this run first (as 0048 does).
  if (engine === 'postgres') await sql`set constraints all immediate`.execute(db);
  await db.schema.alterTable('products').addColumn('floor_price', 'integer').execute();
  await db.schema.alterTable('products').addColumn('accept_price', 'integer').execute();
}
