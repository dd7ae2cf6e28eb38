import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';

// The collection code (docs/decisions/0059): six digits sent only to the buyer, which staff must be told to complete
// a collection or a delivery; wrong codes are counted, and five hold the order for an Admin. Orders placed before
// get a code too, so every open order can be completed the same way.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('collection_code', 'varchar(6)').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('wrong_codes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const orders = db as unknown as Kysely<{ orders: { id: number; collection_code: string | null } }>;
  const rows = await orders.selectFrom('orders').select('id').execute();
  for (const { id } of rows)
    await orders
      .updateTable('orders')
      .set({ collection_code: String(randomInt(0, 1_000_000)).padStart(6, '0') })
      .where('id', '=', id)
      .execute();
}
