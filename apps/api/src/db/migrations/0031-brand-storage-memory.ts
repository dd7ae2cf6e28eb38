import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';

// docs/decisions/0069: an item's brand, storage and memory (RAM), in whole GB. Rows from before stay
// null, "not stated": staff fill them in on the product form (the form suggests them from the name).
// The checks keep any writer to what the app accepts; the limits are copies (frozen once landed).
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // Fire any deferred catalogue triggers of this run before altering products (as 0012 does).
  if (engine === 'postgres') await sql`set constraints all immediate`.execute(db);
  await db.schema
    .alterTable('products')
    .addColumn('brand', 'varchar(50)', (c) =>
      c.check(sql`length(${sql.ref('brand')}) between 1 and 50 and ${sql.ref('brand')} = trim(${sql.ref('brand')})`),
    )
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('storage_gb', 'integer', (c) => c.check(sql`${sql.ref('storage_gb')} between 1 and 65536`))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('ram_gb', 'integer', (c) => c.check(sql`${sql.ref('ram_gb')} between 1 and 2048`))
    .execute();
  // The brand filter compares without case (lower() on both sides, each engine its own way).
  await sql`create index products_brand on products (lower(brand), published)`.execute(db);
}
