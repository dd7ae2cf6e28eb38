import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { withId } from './columns.js';

// docs/decisions/0057: a phone's or tablet's IMEIs and staff's CEIR check (MACRA's register), on seller requests
// and products. IMEIs live in their own table, never on the product row the public answers are made from. The
// CEIR result is on the row itself: "IMEI checked with MACRA" is public, so a change bumps the catalogue version
// through the products triggers of 0010. Frozen once landed: the results below are a copy, not an import.
const RESULTS = ['compliant', 'non_compliant', 'not_checked'];

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const results = sql.join(RESULTS.map((r) => sql.lit(r)));
  for (const table of ['products', 'seller_requests']) {
    await db.schema
      .alterTable(table)
      .addColumn('ceir', 'varchar(20)', (c) =>
        c
          .notNull()
          .defaultTo('not_checked')
          .check(sql`${sql.ref('ceir')} in (${results})`),
      )
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('ceir_checked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable(table).addColumn('ceir_checked_at', 'varchar(40)').execute();
  }
  // One row per IMEI of one item (a product or a request, never both). Sold products and closed requests keep
  // theirs: an IMEI seen on an item sold before is an alert on the next request that brings it.
  await withId(engine, db.schema.createTable('device_imeis'))
    .addColumn('imei', 'varchar(15)', (c) => c.notNull().check(sql`length(imei) = 15`))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
    .addColumn('seller_request_id', 'integer', (c) => c.references('seller_requests.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addCheckConstraint('device_imeis_one_item', sql`(product_id is null) <> (seller_request_id is null)`)
    .execute();
  // Within one item an IMEI is there once. Across items the rule depends on the other item's state (in stock,
  // open), which other flows change, so it is checked in the saving transaction under a lock on the IMEI.
  await db.schema
    .createIndex('device_imeis_product')
    .on('device_imeis')
    .columns(['product_id', 'imei'])
    .unique()
    .execute();
  await db.schema
    .createIndex('device_imeis_request')
    .on('device_imeis')
    .columns(['seller_request_id', 'imei'])
    .unique()
    .execute();
  await db.schema.createIndex('device_imeis_imei').on('device_imeis').column('imei').execute();
}
