import type { Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { bytesType, notNull, withId } from './columns.js';

// Frozen once landed: later changes go in a new numbered migration.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const bytes = bytesType(engine);
  const schema = db.schema;

  await withId(engine, schema.createTable('users'))
    .addColumn('email', 'varchar(254)', notNull)
    .addColumn('password_hash', 'varchar(255)', notNull)
    .addColumn('first_name', 'varchar(100)', notNull)
    .addColumn('last_name', 'varchar(100)', notNull)
    .addColumn('display_name', 'varchar(100)', notNull)
    .addColumn('role', 'varchar(20)', notNull)
    .addColumn('status', 'varchar(20)', notNull)
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('updated_at', 'varchar(32)', notNull)
    .execute();
  await schema.createIndex('users_email_key').on('users').column('email').unique().execute();

  await withId(engine, schema.createTable('sessions'))
    .addColumn('token_hash', 'varchar(64)', notNull)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('last_seen_at', 'varchar(32)', notNull)
    .addColumn('expires_at', 'varchar(32)', notNull)
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await schema.createIndex('sessions_token_key').on('sessions').column('token_hash').unique().execute();
  await schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await withId(engine, schema.createTable('shops'))
    .addColumn('name', 'varchar(120)', notNull)
    .addColumn('address', 'varchar(300)', notNull)
    .addColumn('contact', 'varchar(300)', notNull)
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('updated_at', 'varchar(32)', notNull)
    .execute();

  await withId(engine, schema.createTable('categories'))
    .addColumn('name', 'varchar(50)', notNull)
    .addColumn('name_key', 'varchar(50)', notNull)
    .addColumn('description', 'varchar(200)')
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('updated_at', 'varchar(32)', notNull)
    .execute();
  await schema.createIndex('categories_name_key').on('categories').column('name_key').unique().execute();
  await schema.createIndex('categories_parent_idx').on('categories').column('parent_id').execute();

  await withId(engine, schema.createTable('images'))
    .addColumn('filename', 'varchar(64)', notNull)
    .addColumn('content_type', 'varchar(40)', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('byte_size', 'integer', notNull)
    .addColumn('data', bytes, notNull)
    .addColumn('created_at', 'varchar(32)', notNull)
    .execute();
  await schema.createIndex('images_filename_key').on('images').column('filename').unique().execute();

  await schema
    .createTable('image_variants')
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('variant', 'varchar(40)', notNull)
    .addColumn('byte_size', 'integer', notNull)
    .addColumn('data', bytes, notNull)
    .addColumn('created_at', 'varchar(32)', notNull)
    .addPrimaryKeyConstraint('image_variants_pk', ['image_id', 'variant'])
    .execute();

  await withId(engine, schema.createTable('products'))
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('description', 'varchar(2000)')
    .addColumn('price', 'bigint', notNull)
    .addColumn('sale_price', 'bigint')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('MWK'))
    .addColumn('location', 'varchar(200)')
    .addColumn('shop_id', 'integer', (c) => c.references('shops.id').onDelete('restrict'))
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('restrict'))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seller_request_id', 'integer')
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('updated_at', 'varchar(32)', notNull)
    .execute();
  // Public lists: published, newest first; by category; admin lists by shop/category joins.
  await schema
    .createIndex('products_published_created_idx')
    .on('products')
    .columns(['published', 'created_at', 'id'])
    .execute();
  await schema
    .createIndex('products_category_idx')
    .on('products')
    .columns(['category_id', 'published', 'created_at'])
    .execute();
  await schema.createIndex('products_shop_idx').on('products').column('shop_id').execute();
  await schema.createIndex('products_created_idx').on('products').columns(['created_at', 'id']).execute();

  await schema
    .createTable('product_images')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id').onDelete('restrict'))
    .addColumn('position', 'integer', notNull)
    .addPrimaryKeyConstraint('product_images_pk', ['product_id', 'position'])
    .execute();
  await schema.createIndex('product_images_image_idx').on('product_images').column('image_id').execute();

  // Word index for search: a prefix range on an indexed column instead of scanning every description.
  await schema
    .createTable('product_terms')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('term', 'varchar(64)', notNull)
    .addPrimaryKeyConstraint('product_terms_pk', ['term', 'product_id'])
    .execute();
  await schema.createIndex('product_terms_product_idx').on('product_terms').column('product_id').execute();

  await schema
    .createTable('product_interests')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('visitor_id', 'varchar(64)', notNull)
    .addColumn('created_at', 'varchar(32)', notNull)
    .addPrimaryKeyConstraint('product_interests_pk', ['product_id', 'visitor_id'])
    .execute();

  await withId(engine, schema.createTable('featured_products'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', notNull)
    .execute();
  await schema
    .createIndex('featured_products_product_key')
    .on('featured_products')
    .column('product_id')
    .unique()
    .execute();

  await withId(engine, schema.createTable('seller_requests'))
    .addColumn('seller_name', 'varchar(120)', notNull)
    .addColumn('email', 'varchar(254)', notNull)
    .addColumn('phone', 'varchar(40)', notNull)
    .addColumn('item_name', 'varchar(200)', notNull)
    .addColumn('description', 'varchar(2000)', notNull)
    .addColumn('price', 'bigint', notNull)
    .addColumn('location', 'varchar(200)', notNull)
    .addColumn('status', 'varchar(40)', notNull)
    .addColumn('notify_on_offer', 'integer', notNull)
    .addColumn('terms_accepted', 'integer', notNull)
    .addColumn('create_seller_account', 'integer', notNull)
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('updated_at', 'varchar(32)', notNull)
    .execute();
  await schema.createIndex('seller_requests_created_idx').on('seller_requests').columns(['created_at', 'id']).execute();
  await schema.createIndex('seller_requests_status_idx').on('seller_requests').column('status').execute();

  await schema
    .createTable('seller_request_images')
    .addColumn('seller_request_id', 'integer', (c) => c.notNull().references('seller_requests.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id').onDelete('restrict'))
    .addColumn('position', 'integer', notNull)
    .addPrimaryKeyConstraint('seller_request_images_pk', ['seller_request_id', 'position'])
    .execute();
  await schema.createIndex('seller_request_images_image_idx').on('seller_request_images').column('image_id').execute();

  await withId(engine, schema.createTable('seller_request_offers'))
    .addColumn('seller_request_id', 'integer', (c) => c.notNull().references('seller_requests.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', notNull)
    .addColumn('amount', 'bigint', notNull)
    .addColumn('reason', 'varchar(500)')
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', notNull)
    .execute();
  await schema
    .createIndex('seller_request_offers_request_idx')
    .on('seller_request_offers')
    .column('seller_request_id')
    .execute();

  await withId(engine, schema.createTable('seller_request_events'))
    .addColumn('seller_request_id', 'integer', (c) => c.notNull().references('seller_requests.id').onDelete('cascade'))
    .addColumn('action', 'varchar(40)', notNull)
    .addColumn('from_status', 'varchar(40)')
    .addColumn('to_status', 'varchar(40)', notNull)
    .addColumn('reason', 'varchar(500)')
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', notNull)
    .execute();
  await schema
    .createIndex('seller_request_events_request_idx')
    .on('seller_request_events')
    .column('seller_request_id')
    .execute();

  // The audit log keeps actor ids without a foreign key: deleting a user must not erase what they did.
  await withId(engine, schema.createTable('audit_log'))
    .addColumn('actor_id', 'integer')
    .addColumn('action', 'varchar(80)', notNull)
    .addColumn('subject_type', 'varchar(40)', notNull)
    .addColumn('subject_id', 'varchar(40)')
    .addColumn('detail', 'varchar(1000)')
    .addColumn('created_at', 'varchar(32)', notNull)
    .execute();
  await schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
}
