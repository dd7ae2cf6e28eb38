import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { notNull, withId } from './columns.js';

// docs/decisions/0062: staff move an item to another shop; while it travels it cannot be ordered and the
// storefront says where it is going. The public answer reads products.transit_shop_id (products already bump
// the catalogue version, so a move is fresh at once); stock_moves is the item's history, in no public answer,
// hence no catalogue-version triggers of its own; nor has transfer_requests (buyers' asks, never public). Frozen once landed.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await withId(engine, db.schema.createTable('stock_moves'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('from_shop_id', 'integer', (c) => c.references('shops.id').onDelete('set null'))
    // A shop can be deleted once no item is in it or on its way to it (shops/service.ts); its past moves and
    // buyers' requests for it go with it rather than keep it forever.
    .addColumn('to_shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('state', 'varchar(16)', (c) => c.notNull().check(sql`state in ('in_transit', 'received', 'cancelled')`))
    .addColumn('created_by', 'integer', notNull)
    .addColumn('created_at', 'varchar(32)', notNull)
    // Who received or cancelled it, and when; null while in transit.
    .addColumn('closed_by', 'integer')
    .addColumn('closed_at', 'varchar(32)')
    .execute();
  // A buyer in another town asks for an item to be brought to their shop; staff accept (a move) or decline.
  await withId(engine, db.schema.createTable('transfer_requests'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('to_shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('buyer_name', 'varchar(100)', notNull)
    .addColumn('phone', 'varchar(20)', notNull)
    .addColumn('address_group', 'varchar(64)', notNull)
    .addColumn('state', 'varchar(16)', (c) => c.notNull().check(sql`state in ('open', 'accepted', 'declined')`))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('transfer_requests_phone').on('transfer_requests').columns(['phone', 'state']).execute();
  await db.schema
    .createIndex('transfer_requests_open')
    .on('transfer_requests')
    .columns(['state', 'created_at'])
    .execute();
  await db.schema.createIndex('stock_moves_product').on('stock_moves').columns(['product_id', 'created_at']).execute();
  // Fire any deferred catalogue triggers of this run before altering products (as 0012 does).
  if (engine === 'postgres') await sql`set constraints all immediate`.execute(db);
  await db.schema
    .alterTable('products')
    .addColumn('transit_shop_id', 'integer', (c) => c.references('shops.id'))
    .execute();
}
