import type { ConditionGrade } from '@marketplace/shared';
import type { Executor } from '../../../db/database.js';

// A product after its sale (docs/decisions/0099): the item a return brings back goes back in stock, unpublished,
// or is written off; another item of the same model replaces it. Used by modules/returns.

/** What a replacement is checked on: its model, grade, price and shop, whether it is free to sell, and its cover. */
export function replacementCandidate(db: Executor, id: number) {
  return db
    .selectFrom('products as p')
    .leftJoin('product_holds as h', 'h.product_id', 'p.id')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.condition',
      'p.price',
      'p.sale_price',
      'p.shop_id',
      'p.published',
      'p.sold',
      'p.hidden_by_reports',
      'p.transit_shop_id',
      'p.written_off_at',
      'h.order_id as held_by',
      eb
        .selectFrom('product_images as pi')
        .innerJoin('images as i', 'i.id', 'pi.image_id')
        .select('i.filename')
        .whereRef('pi.product_id', '=', 'p.id')
        .orderBy('pi.position')
        .limit(1)
        .as('cover'),
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

/** The replacement leaves stock as an order completion's items do; false when it was sold meanwhile. */
export async function markReplacementSold(db: Executor, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ sold: 1, updated_at: at })
    .where('id', '=', id)
    .where('sold', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The returned item is stock again: not sold, unpublished until staff publish it, with the grade found at receive. */
export async function putBackInStock(
  db: Executor,
  id: number,
  { condition, at }: { condition: ConditionGrade; at: string },
) {
  await db
    .updateTable('products')
    .set({ sold: 0, published: 0, condition, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Whether a returned item may still be written off: in stock, unpublished, and not written off already. */
export function writeOffState(db: Executor, id: number) {
  return db
    .selectFrom('products')
    .select(['id', 'published', 'sold', 'written_off_at', 'written_off_reason'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Takes a returned item out of stock for good; false when it was published or written off meanwhile. */
export async function writeOffProduct(db: Executor, id: number, { reason, at }: { reason: string; at: string }) {
  const result = await db
    .updateTable('products')
    .set({ written_off_at: at, written_off_reason: reason, updated_at: at })
    .where('id', '=', id)
    .where('published', '=', 0)
    .where('sold', '=', 0)
    .where('written_off_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
