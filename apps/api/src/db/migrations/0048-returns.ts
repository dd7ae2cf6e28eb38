import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { notNull, withId } from './columns.js';

// docs/decisions/0099: after the sale, a buyer asks for a return (within RETURN_DAYS of completion) or a warranty
// claim on one item of a completed order; the shop receives it and ends it with one outcome. Returns appear in no
// public catalogue answer: no catalogue-version triggers (putting an item back on the shelf writes products, which
// bumps it). Frozen once landed.
const STATUSES = ['requested', 'received', 'in_repair', 'repaired', 'handed_over', 'refunded', 'replaced', 'declined'];
/** A request still being worked: at most one per order item (the partial unique index below). */
const OPEN_RETURN_STATUSES = ['requested', 'received', 'in_repair', 'repaired'];

const list = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await withId(engine, db.schema.createTable('returns'))
    .addColumn('reference', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('order_item_id', 'integer', (c) => c.notNull().references('order_items.id'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    // The shop that sold the item works the request (the order's shop).
    .addColumn('shop_id', 'integer', (c) => c.references('shops.id').onDelete('set null'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('return', 'warranty')`))
    .addColumn('reason', 'varchar(32)', (c) =>
      c.notNull().check(sql`reason in ('not_as_described', 'not_working', 'damaged', 'other')`),
    )
    .addColumn('note', 'text')
    // How a delivered or coach order's item comes back; null: the buyer brings it to the shop.
    .addColumn('how_back', 'varchar(16)', (c) => c.check(sql`how_back in ('bring', 'driver', 'coach')`))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in (${list(STATUSES)})`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    // The asking client's address group: what a per-address cap counts.
    .addColumn('address_group', 'varchar(64)', notNull)
    // Received at the counter: the condition grade found and the IMEI read (checked against intake's).
    .addColumn('received_at', 'varchar(32)')
    .addColumn('received_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('condition', 'varchar(16)')
    .addColumn('imei', 'varchar(20)')
    .addColumn('imei_matches', 'integer')
    // The outcome: refunded (amount, how, why less), repaired (dates), replaced (by which item), or declined.
    .addColumn('refund_amount', 'integer')
    .addColumn('refund_method', 'varchar(16)', (c) => c.check(sql`refund_method in ('original', 'cash')`))
    .addColumn('refund_reason', 'text')
    .addColumn('refund_transfer_id', 'integer', (c) => c.references('money_transfers.id'))
    .addColumn('repair_sent_at', 'varchar(32)')
    .addColumn('repair_back_at', 'varchar(32)')
    .addColumn('handed_over_at', 'varchar(32)')
    .addColumn('replacement_product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('replacement_item_id', 'integer', (c) => c.references('order_items.id'))
    .addColumn('decline_reason', 'text')
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('updated_at', 'varchar(32)', notNull)
    .execute();
  // One open request per order item: a second ask while one is worked inserts nothing (409), even at once.
  await db.schema
    .createIndex('returns_open_item')
    .on('returns')
    .column('order_item_id')
    .unique()
    .where(sql.ref('status'), 'in', OPEN_RETURN_STATUSES)
    .execute();
  await db.schema.createIndex('returns_order').on('returns').column('order_id').execute();
  await db.schema.createIndex('returns_status').on('returns').columns(['status', 'shop_id', 'created_at']).execute();
  await db.schema.createIndex('returns_product').on('returns').column('product_id').execute();

  await db.schema
    .createTable('return_images')
    .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id'))
    .addColumn('position', 'integer', notNull)
    .addPrimaryKeyConstraint('return_images_pk', ['return_id', 'position'])
    .execute();

  await withId(engine, db.schema.createTable('return_events'))
    .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('from_status', 'varchar(16)')
    .addColumn('to_status', 'varchar(16)', notNull)
    .addColumn('by', 'varchar(8)', (c) => c.notNull().check(sql`${sql.ref('by')} in ('buyer', 'staff')`))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .addColumn('created_at', 'varchar(32)', notNull)
    .execute();
  await db.schema.createIndex('return_events_return').on('return_events').column('return_id').execute();

  // An item taken out of stock for good after it came back (beyond repair): a product status with its reason,
  // nothing in the ledger. Fire any deferred catalogue triggers of this run before altering products (as 0012 does).
  if (engine === 'postgres') await sql`set constraints all immediate`.execute(db);
  await db.schema.alterTable('products').addColumn('written_off_at', 'varchar(32)').execute();
  await db.schema.alterTable('products').addColumn('written_off_reason', 'text').execute();
}
