import type { Executor } from '../../db/database.js';

/** The reservation rules' settings (docs/decisions/0035). */
export interface ReservationRules {
  /** Hours a proved phone's reservation holds its items. */
  hours: number;
  /** Hours when phones cannot be proved (no SMS transport). */
  unprovedHours: number;
  maxPerPhone: number;
  maxPerAddress: number;
  /** Orders one client address may place in an hour (ORDERS_PER_ADDRESS_HOUR). */
  ordersPerAddressHour: number;
}

/** A phone whose reservation of an item expired waits this long before reserving that item again. */
export const LAPSED_BLOCK_HOURS = 24;

export const TOO_MANY_HELD_BY_PHONE =
  /*i18n*/ 'This phone number already holds as many reserved items as one buyer can. Collect or cancel one of your orders first, or call the shop.';
export const TOO_MANY_HELD_FROM_NETWORK =
  /*i18n*/ 'Too many items are reserved from your network right now. Collect or cancel an order first, or call the shop.';

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
