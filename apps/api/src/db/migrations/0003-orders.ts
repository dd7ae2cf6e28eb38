import type { Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { notNull, withId } from './columns.js';

// Orders (docs/decisions/0008): shops get a town, phone, hours and optional flat delivery fee; orders, their lines,
// their history, and product_holds, whose primary key makes "one open order per product" a constraint.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const schema = db.schema;
  await schema
    .alterTable('shops')
    .addColumn('town', 'varchar(80)', (c) => c.notNull().defaultTo(''))
    .execute();
  await schema
    .alterTable('shops')
    .addColumn('hours', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await schema.alterTable('shops').addColumn('phone', 'varchar(20)').execute();
  await schema.alterTable('shops').addColumn('delivery_fee', 'bigint').execute();

  // Existing shops kept "hours · phone" in contact and the town at the end of the address. contact is
  // kept equal to hours from now on (the field's first name, still read).
  const k = db as Kysely<{
    shops: { id: number; address: string; contact: string; town: string; hours: string; phone: string | null };
  }>;
  for (const shop of await k.selectFrom('shops').select(['id', 'address', 'contact']).execute()) {
    const [hoursText = '', phoneText] = shop.contact.split(' · ');
    const hours = hoursText.trim() || shop.contact;
    const town = shop.address.split(',').pop()?.trim() ?? '';
    await k
      .updateTable('shops')
      .set({ hours, contact: hours, town, phone: phoneText ? malawiPhone(phoneText) : null })
      .where('id', '=', shop.id)
      .execute();
  }

  await withId(engine, schema.createTable('orders'))
    .addColumn('number', 'varchar(10)', notNull)
    .addColumn('token_hash', 'varchar(64)', notNull)
    .addColumn('status', 'varchar(30)', notNull)
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('shop_id', 'integer', (c) => c.references('shops.id').onDelete('set null'))
    .addColumn('buyer_name', 'varchar(120)', notNull)
    .addColumn('phone', 'varchar(20)', notNull)
    .addColumn('email', 'varchar(254)')
    .addColumn('fulfilment', 'varchar(10)', notNull)
    .addColumn('address', 'varchar(300)')
    .addColumn('area', 'varchar(120)')
    .addColumn('subtotal', 'bigint', notNull)
    .addColumn('delivery_fee', 'bigint')
    .addColumn('total', 'bigint', notNull)
    .addColumn('payment_method', 'varchar(20)')
    .addColumn('payment_reference', 'varchar(100)')
    .addColumn('expires_at', 'varchar(32)', notNull)
    .addColumn('completed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('updated_at', 'varchar(32)', notNull)
    .execute();
  await schema.createIndex('orders_number_key').on('orders').column('number').unique().execute();
  await schema.createIndex('orders_token_key').on('orders').column('token_hash').unique().execute();
  await schema.createIndex('orders_created_idx').on('orders').columns(['created_at', 'id']).execute();
  await schema.createIndex('orders_status_idx').on('orders').columns(['status', 'created_at']).execute();
  await schema.createIndex('orders_shop_idx').on('orders').columns(['shop_id', 'created_at']).execute();
  // The expiry sweep looks for open orders past their time; finished orders (most of them) stay out of its way.
  await schema.createIndex('orders_expiry_idx').on('orders').columns(['status', 'expires_at']).execute();

  // Lines keep the name, price and picture at the time of ordering; the product may change or go later.
  await withId(engine, schema.createTable('order_items'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('price', 'bigint', notNull)
    .addColumn('image', 'varchar(64)')
    .execute();
  await schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();
  await schema.createIndex('order_items_product_idx').on('order_items').column('product_id').execute();

  await withId(engine, schema.createTable('order_events'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('action', 'varchar(20)', notNull)
    .addColumn('from_status', 'varchar(30)')
    .addColumn('to_status', 'varchar(30)', notNull)
    .addColumn('reason', 'varchar(500)')
    .addColumn('by', 'varchar(10)', notNull)
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', notNull)
    .execute();
  await schema.createIndex('order_events_order_idx').on('order_events').column('order_id').execute();

  // A product is held by at most one open order: the primary key refuses a second hold.
  await schema
    .createTable('product_holds')
    // Restrict: a product an open order holds cannot be deleted from under the buyer.
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('restrict'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', notNull)
    .execute();
  await schema.createIndex('product_holds_order_idx').on('product_holds').column('order_id').execute();
}

/** Frozen copy of the rule in packages/shared/src/phone.ts: a landed migration must not change with it. */
function malawiPhone(text: string): string | null {
  const compact = text.replace(/\s+/g, '');
  if (!/^(?:\+265|0)\d{9}$/.test(compact)) return null;
  return compact.startsWith('+265') ? compact : `+265${compact.slice(1)}`;
}
