import type { Executor } from '../../db/database.js';

/** The back-office list, newest first, with each product's name, price and whether it is published. */
export async function listFeatured(db: Executor, limit: number, offset: number) {
  const rows = await db
    .selectFrom('featured_products as f')
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .select(['f.id', 'f.product_id', 'p.name', 'p.price', 'p.published'])
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await db
    .selectFrom('featured_products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** The new row's id, or undefined when the product is featured already (its unique product_id decides). */
export async function insertFeatured(db: Executor, productId: number, now: string): Promise<number | undefined> {
  const row = await db
    .insertInto('featured_products')
    .values({ product_id: productId, created_at: now })
    .onConflict((oc) => oc.column('product_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** False when the product was not featured. */
export async function deleteFeatured(db: Executor, productId: number): Promise<boolean> {
  const removed = await db.deleteFrom('featured_products').where('product_id', '=', productId).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** Those of these products that are featured. */
export async function featuredIds(db: Executor, productIds: number[]) {
  if (productIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('featured_products')
    .select('product_id')
    .where('product_id', 'in', productIds)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}
