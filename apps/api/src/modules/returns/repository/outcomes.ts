import type { ReturnStatus } from '@marketplace/shared';
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

/** The shop that works a request (its order's shop), for the Shop staff scope. */
export async function returnShop(db: Executor, id: number) {
  const row = await db.selectFrom('returns').select('shop_id').where('id', '=', id).executeTakeFirst();
  return row?.shop_id;
}

/**
 * A request's outcome, by a conditional update on its status (received; refunded for a refund sent again) and
 * version: of two staff deciding at once, exactly one moves it (true); the other's transaction writes nothing more.
 */
export async function decideReturn(
  db: Executor,
  {
    id,
    from,
    version,
    set,
  }: { id: number; from: ReturnStatus; version: number; set: Updateable<ReturnsTable> & { updated_at: string } },
): Promise<boolean> {
  const result = await db
    .updateTable('returns')
    .set({ ...set, version: version + 1 })
    .where('id', '=', id)
    .where('status', '=', from)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Links what an outcome wrote after the decision claimed the request: the refund's transfer, the new order line. */
export async function linkOutcome(
  db: Executor,
  id: number,
  link: Pick<Updateable<ReturnsTable>, 'refund_transfer_id' | 'replacement_item_id'>,
) {
  await db.updateTable('returns').set(link).where('id', '=', id).execute();
}

/** One step of a request's history, by staff. */
export async function addOutcomeEvent(
  db: Executor,
  event: { returnId: number; from: ReturnStatus; to: ReturnStatus; userId: number; note: string | null; at: string },
) {
  await db
    .insertInto('return_events')
    .values({
      return_id: event.returnId,
      from_status: event.from,
      to_status: event.to,
      by: 'staff',
      user_id: event.userId,
      note: event.note,
      created_at: event.at,
    })
    .execute();
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
