import type { Updateable } from 'kysely';
import type { Executor } from '../../../db/database.js';
import type { ReturnsTable } from '../../../db/schema.js';

// The SQL of a return's outcomes (docs/decisions/0099): refund, replace, write-off. Reads the order, its item and the
// returned product by joins; writes only returns and return_events.

/** A request with what its outcome needs: the item's price and name, how the order was paid, the returned product. */
export function returnForOutcome(db: Executor, id: number) {
  return db
    .selectFrom('returns as r')
    .innerJoin('order_items as oi', 'oi.id', 'r.order_item_id')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .leftJoin('products as p', 'p.id', 'r.product_id')
    .leftJoin('money_transfers as mt', 'mt.id', 'r.refund_transfer_id')
    .select([
      'r.id',
      'r.reference',
      'r.kind',
      'r.status',
      'r.version',
      'r.condition',
      'r.order_id',
      'r.product_id',
      'r.refund_amount',
      'r.refund_method',
      'r.refund_transfer_id',
      'r.replacement_product_id',
      'r.replacement_item_id',
      'oi.price as item_price',
      'oi.name as item_name',
      'o.shop_id',
      'o.number as order_number',
      'o.phone',
      'o.language',
      'o.payment',
      'o.payment_status',
      'p.condition as sold_condition',
      'p.published as product_published',
      'p.written_off_at',
      'mt.status as refund_transfer_status',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
}
export type ReturnForOutcome = NonNullable<Awaited<ReturnType<typeof returnForOutcome>>>;

/** Links what an outcome wrote after the decision claimed the request: the refund's transfer, the new order line. */
export async function linkOutcome(
  db: Executor,
  id: number,
  link: Pick<Updateable<ReturnsTable>, 'refund_transfer_id' | 'replacement_item_id'>,
) {
  await db.updateTable('returns').set(link).where('id', '=', id).execute();
}

/** The outcome as the routes answer it. */
export function outcomeOf(db: Executor, id: number) {
  return db
    .selectFrom('returns as r')
    .leftJoin('products as p', 'p.id', 'r.product_id')
    .select([
      'r.id',
      'r.reference',
      'r.status',
      'r.refund_amount',
      'r.refund_method',
      'r.refund_transfer_id',
      'r.replacement_product_id',
      'r.replacement_item_id',
      'r.product_id',
      'p.written_off_at',
      'r.version',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** The returns of a product, oldest first: its history's returns. */
export function returnsOfProduct(db: Executor, productId: number) {
  return db
    .selectFrom('returns')
    .select(['id', 'reference', 'kind', 'status', 'condition', 'refund_amount', 'created_at', 'decided_at'])
    .where('product_id', '=', productId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
