import type { Executor } from '../../../db/database.js';

/** Stores the hash of an order's message link, the first time it is needed (orders placed before 0060). */
export async function storeLinkHash(db: Executor, id: number, linkHash: string) {
  await db
    .updateTable('orders')
    .set({ link_hash: linkHash })
    .where('id', '=', id)
    .where('link_hash', 'is', null)
    .execute();
}

/** Claims telling the buyer their order is reserved: true for the one call that set told_placed_at. */
export async function claimToldPlaced(db: Executor, id: number, at: string): Promise<boolean> {
  const claim = await db
    .updateTable('orders')
    .set({ told_placed_at: at })
    .where('id', '=', id)
    .where('told_placed_at', 'is', null)
    .executeTakeFirst();
  return Number(claim.numUpdatedRows) === 1;
}
