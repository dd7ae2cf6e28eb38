import type { Executor } from '../../../db/database.js';

/**
 * An order's lines with what their after-sale windows depend on (docs/decisions/0099): the product's stated
 * warranty and grade, and the name keys of its category and that category's parent. For modules/returns.
 */
export function itemsForAfterSale(db: Executor, orderId: number) {
  return db
    .selectFrom('order_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('categories as pc', 'pc.id', 'c.parent_id')
    .select([
      'i.id',
      'i.product_id',
      'i.name',
      'i.price',
      'p.warranty_days',
      'p.condition',
      'c.name_key as category_key',
      'pc.name_key as parent_category_key',
    ])
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
}
