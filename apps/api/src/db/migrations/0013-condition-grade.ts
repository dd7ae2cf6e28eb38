import { sql, type Kysely } from 'kysely';

// docs/decisions/0029: an item's condition grade, the shop's warranty and a battery's
// health. Rows from before stay null, "not graded": a grade is a claim about an item nobody has looked
// at again, so none is guessed. The checks keep any writer (a script, a hand-typed update) to the values
// the app accepts. Frozen once landed: the grade keys below are a copy, not an import.
const GRADES = ['like_new', 'good', 'fair', 'for_parts'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const grades = sql.join(GRADES.map((g) => sql.lit(g)));
  for (const table of ['products', 'seller_requests']) {
    await db.schema
      .alterTable(table)
      .addColumn('condition', 'varchar(20)', (c) => c.check(sql`${sql.ref('condition')} in (${grades})`))
      .execute();
  }
  await db.schema
    .alterTable('products')
    .addColumn('warranty_days', 'integer', (c) => c.check(sql`${sql.ref('warranty_days')} between 0 and 3650`))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('battery_health', 'integer', (c) => c.check(sql`${sql.ref('battery_health')} between 1 and 100`))
    .execute();
}
