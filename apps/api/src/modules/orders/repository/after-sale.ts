import type { Executor } from '../../../db/database.js';

// An order after its sale (docs/decisions/0099): a returned item replaced by another is a new line of the same
// order at no charge, so the order's page and history show both. Used by modules/returns.

/** Adds the replacement as a line of the order at price 0; answers the line's id. */
export async function addReplacementItem(
  db: Executor,
  item: { orderId: number; productId: number; name: string; image: string | null },
): Promise<number> {
  const row = await db
    .insertInto('order_items')
    .values({ order_id: item.orderId, product_id: item.productId, name: item.name, price: 0, image: item.image })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every order line that sold a product (a replacement's at 0), oldest first: its history's sales. */
export function salesOfProduct(db: Executor, productId: number) {
  return db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.id', 'oi.order_id')
    .select([
      'o.id as order_id',
      'o.number as order_number',
      'o.status as order_status',
      'oi.price',
      'o.created_at as placed_at',
      'o.completed_at',
    ])
    .where('oi.product_id', '=', productId)
    .orderBy('o.created_at')
    .orderBy('oi.id')
    .execute();
}
