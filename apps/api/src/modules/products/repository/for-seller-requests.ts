import type { Executor } from '../../../db/database.js';

// The product a seller request became (modules/seller-requests), at most one.

/** Its id, or null while the request is not in the inventory. */
export async function productOfSellerRequest(db: Executor, requestId: number) {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('seller_request_id', '=', requestId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The shop a request belongs to: the shop of the product it became (docs/decisions/0061), else none. */
export async function shopOfSellerRequest(db: Executor, id: number) {
  const row = await db.selectFrom('products').select('shop_id').where('seller_request_id', '=', id).executeTakeFirst();
  return row?.shop_id;
}
