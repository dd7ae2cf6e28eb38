import type { ConditionGrade } from '@marketplace/shared';
import type { Executor } from '../../../db/database.js';
import { categoryIds, type CategoryRef } from '../../categories/index.js';

// What price estimates (modules/estimates) read of the orders: what completed sales fetched.

/** Line prices (and names as sold) of orders completed since `since`, for products of this grade (and category). */
export async function completedSales(
  db: Executor,
  scope: { grade: ConditionGrade; since: string; category?: CategoryRef },
): Promise<{ name: string; amount: number }[]> {
  let query = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.name', 'i.price as amount'])
    .where('o.status', '=', 'Completed')
    .where('o.completed_at', '>=', scope.since)
    .where('p.condition', '=', scope.grade);
  if (scope.category) query = query.where('p.category_id', 'in', categoryIds(db, scope.category));
  const rows = await query.execute();
  return rows.map((r) => ({ name: r.name, amount: Number(r.amount) }));
}
