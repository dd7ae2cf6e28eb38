import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { notNull, withId } from './columns.js';

// docs/decisions/0058: visitors report a listing; 3 different visitors hide it until staff decide. One report
// per item per visitor id and per address group (unique indexes), so a repeat is not counted. Reports appear in
// no public answer: no catalogue-version triggers (hiding the item writes products, which bumps it). Frozen once landed.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await withId(engine, db.schema.createTable('product_reports'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('visitor_id', 'varchar(64)', notNull)
    .addColumn('address_group', 'varchar(64)', notNull)
    .addColumn('reason', 'varchar(32)', (c) =>
      c.notNull().check(sql`reason in ('wrong_price', 'wrong_description', 'looks_stolen', 'suspicious_seller')`),
    )
    .addColumn('note', 'text')
    .addColumn('created_at', 'varchar(32)', notNull)
    // Set when staff decide: 'dismiss' or 'unpublish'; open reports have neither.
    .addColumn('closed_at', 'varchar(32)')
    .addColumn('decision', 'varchar(16)')
    .execute();
  // One report per item per visitor id and per address group: a repeat inserts nothing.
  for (const by of ['visitor_id', 'address_group']) {
    await db.schema
      .createIndex(`product_reports_${by}`)
      .on('product_reports')
      .columns(['product_id', by])
      .unique()
      .execute();
  }
  await db.schema
    .createIndex('product_reports_open')
    .on('product_reports')
    .columns(['closed_at', 'created_at'])
    .execute();
  // Fire any deferred catalogue triggers of this run before altering products (as 0012 does).
  if (engine === 'postgres') await sql`set constraints all immediate`.execute(db);
  await db.schema
    .alterTable('products')
    .addColumn('hidden_by_reports', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
