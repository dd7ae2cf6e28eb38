import { ERASED_NAME } from '@marketplace/shared';
import type { Executor } from '../../../db/database.js';

// What personal-data finds and erases of a buyer's stock requests (docs/decisions/0078): the ask stays, the
// buyer's details go.

/** The phone's stock requests as the look-up shows them. */
export async function findStockRequestsOfPhone(db: Executor, phone: string) {
  return db
    .selectFrom('stock_requests')
    .select(['id', 'product_id', 'buyer_name', 'phone', 'state', 'created_at'])
    .where('phone', '=', phone)
    .orderBy('id')
    .execute();
}

/**
 * Replaces the buyer's details on the stock requests by the phone, or on those decided (accepted or declined)
 * before a time; answers the requests erased.
 */
export async function eraseStockRequestBuyers(
  db: Executor,
  which: { phone: string } | { decidedBefore: string },
): Promise<number[]> {
  let query = db.selectFrom('stock_requests').select('id').where('phone', '<>', '');
  query =
    'phone' in which
      ? query.where('phone', '=', which.phone)
      : query.where('state', '<>', 'open').where('decided_at', '<', which.decidedBefore);
  const ids = (await query.execute()).map((r) => r.id);
  if (ids.length === 0) return ids;
  await db
    .updateTable('stock_requests')
    .set({ buyer_name: ERASED_NAME, phone: '', address_group: '' })
    .where('id', 'in', ids)
    .execute();
  return ids;
}
