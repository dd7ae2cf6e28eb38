import type { Executor } from '../../../db/database.js';

/** Items open orders hold for this phone, or from this address group. */
export async function heldItems(db: Executor, by: { phone: string } | { group: string }): Promise<number> {
  let query = db
    .selectFrom('product_holds as h')
    .innerJoin('orders as o', 'o.id', 'h.order_id')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  query = 'phone' in by ? query.where('o.phone', '=', by.phone) : query.where('o.client_group', '=', by.group);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * Of these products, those whose reservation by this phone lapsed after `since`: expired, or a pay-now order
 * cancelled unpaid (by the buyer, or for not being paid in time), which would otherwise let a hold be renewed at
 * once by cancelling and ordering again (decision 0083).
 */
export async function lapsedFor(db: Executor, phone: string, ids: number[], since: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select('i.product_id')
    .where('o.phone', '=', phone)
    .where((eb) =>
      eb.or([
        eb('o.status', '=', 'Expired'),
        eb.and([
          eb('o.status', '=', 'Cancelled'),
          eb('o.payment', '<>', 'on_collection'),
          eb('o.payment_status', 'in', ['pending', 'failed']),
        ]),
      ]),
    )
    .where('o.updated_at', '>', since)
    .where('i.product_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.product_id!));
}
