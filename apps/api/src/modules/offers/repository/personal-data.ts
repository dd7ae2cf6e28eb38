import { ERASED_NAME } from '@marketplace/shared';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';

// What personal-data finds and erases of buyers' offers (docs/decisions/0078, 0103). The offer stays for the
// figures (item, amounts, status); the buyer's name, phone and note go.

/** Still waiting on the shop or the buyer: erasing the buyer withdraws these. */
const LIVE = ['open', 'countered', 'accepted'] as const;

export function findOffersOfPhone(db: Executor, phone: string) {
  return db
    .selectFrom('offers')
    .select(['id', 'reference', 'product_id', 'amount', 'agreed_amount', 'buyer_name', 'note', 'status', 'created_at'])
    .where('phone', '=', phone)
    .orderBy('id')
    .execute();
}

/**
 * Erases the buyers of offers by phone (live ones are withdrawn: nobody is left to answer), or of offers that
 * ended before a time; answers how many offers changed. The phone becomes 'erased-{id}', so the one-live-offer
 * index still holds; an erased offer is skipped by both WHEREs, so running twice changes nothing.
 */
export async function eraseOfferBuyers(
  db: Executor,
  which: { phone: string; at: string } | { endedBefore: string },
): Promise<number[]> {
  let query = db.selectFrom('offers').select('id').where('phone', 'not like', 'erased-%');
  query =
    'phone' in which
      ? query.where('phone', '=', which.phone)
      : query.where('status', 'not in', [...LIVE]).where('updated_at', '<', which.endedBefore);
  const ids = (await query.execute()).map((r) => r.id);
  if (ids.length === 0) return ids;
  const erase = db.updateTable('offers').where('id', 'in', ids);
  if ('phone' in which)
    await erase
      .set({ status: 'withdrawn', updated_at: which.at })
      .where('status', 'in', [...LIVE])
      .execute();
  await db
    .updateTable('offers')
    .set({ buyer_name: ERASED_NAME, phone: sql<string>`'erased-' || id`, note: null, address_group: '' })
    .where('id', 'in', ids)
    .execute();
  return ids;
}
