import type { Kysely } from 'kysely';

// A seller names the item's category on /sell (docs/decisions/0055): the price range before submitting compares
// items of the same category, and staff find it chosen in Add to Inventory. Null: not given (older requests and
// clients). A category staff delete leaves the request without one rather than refusing the delete.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('seller_requests')
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .execute();
}
