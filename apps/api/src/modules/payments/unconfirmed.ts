import type { Db } from '../../db/database.js';
import { findOrder, movePayment, noteEvent } from '../orders/index.js';
import { VERSION_TRIES } from './settle.js';
import { newestCharge, OPEN_TRANSFER_STATUSES, type TransferRow } from '../ledger/index.js';

/** The reason in the order's history (for staff): the gateway neither confirmed nor denied the charge in time. */
export const UNCONFIRMED_REASON = 'No answer from the payment service within the hold';

/** Whether a charge has waited for the gateway's word longer than the order holds its items for a payment. */
export function heldTooLong(row: TransferRow, holdMinutes: number, now: Date): boolean {
  return Date.parse(row.created_at) + holdMinutes * 60_000 <= now.getTime();
}

/**
 * A charge the gateway never confirms or denies (verify answers an error, an undocumented word, or disagrees) stops
 * holding the buyer up once the hold is over (docs/decisions/0052): the order's payment shows failed, so the buyer
 * may try again or pay at the shop, as after a decline. The charge itself stays open and is still checked: a late
 * success lands on the order if it still waits for payment, and is refunded by itself if the order moved on.
 * Only the newest charge speaks for the order; answers whether the order moved.
 */
export async function stopWaitingForCharge(db: Db, row: TransferRow, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    for (let attempt = 0; attempt < VERSION_TRIES; attempt++) {
      const newest = await newestCharge(trx, row.order_id!);
      if (newest?.id !== row.id || !OPEN_TRANSFER_STATUSES.includes(newest.status)) return false;
      const order = await findOrder(trx, row.order_id!);
      if (!order || order.payment_status !== 'pending') return false;
      if (
        await movePayment(trx, { id: order.id, version: order.version, now: at, set: { payment_status: 'failed' } })
      ) {
        await noteEvent(trx, order, { action: 'payment_lapsed', reason: UNCONFIRMED_REASON, by: 'system', at });
        return true;
      }
    }
    throw new Error(`Order ${row.order_id} kept changing while its unconfirmed payment ${row.transfer_id} was let go`);
  });
}
