import type { Executor } from '../../../db/database.js';

// What seller accounts (modules/seller-accounts) read and change of the requests they hold.

/** Puts a request into a seller account unless another account holds it already; false when one does. */
export async function setOwner(db: Executor, requestId: number, userId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('seller_requests')
    .set({ seller_user_id: userId, updated_at: now })
    .where('id', '=', requestId)
    .where((eb) => eb.or([eb('seller_user_id', 'is', null), eb('seller_user_id', '=', userId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A seller's submissions, newest first, each with its first photo and the open offer's amount (the
 * latest offer, read only when the status says one is open).
 */
export async function ownedRequests(db: Executor, userId: number, limit: number) {
  const rows = await db
    .selectFrom('seller_requests as r')
    .select((eb) => [
      'r.id',
      'r.reference',
      'r.item_name',
      'r.price',
      'r.status',
      'r.created_at',
      eb
        .selectFrom('seller_request_images as ri')
        .innerJoin('images as i', 'i.id', 'ri.image_id')
        .select('i.filename')
        .whereRef('ri.seller_request_id', '=', 'r.id')
        .orderBy('ri.position')
        .limit(1)
        .as('image'),
      eb
        .selectFrom('seller_request_offers as o')
        .select('o.amount')
        .whereRef('o.seller_request_id', '=', 'r.id')
        .orderBy('o.id', 'desc')
        .limit(1)
        .as('latest_offer'),
    ])
    .where('r.seller_user_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  const { n } = await db
    .selectFrom('seller_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seller_user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** The request a seller-account link was mailed for: whose name the account takes. */
export function requestForAccount(db: Executor, id: number) {
  return db
    .selectFrom('seller_requests')
    .select(['id', 'reference', 'seller_name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** An account taken over loses the items it held. */
export async function releaseRequestsOf(db: Executor, userId: number) {
  await db.updateTable('seller_requests').set({ seller_user_id: null }).where('seller_user_id', '=', userId).execute();
}
