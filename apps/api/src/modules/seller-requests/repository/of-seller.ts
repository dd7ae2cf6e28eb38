import type { Executor } from '../../../db/database.js';

/** A seller by their seller requests: the phone they gave (national digits), or their seller account. */
export interface SellerOf {
  phoneKey: string;
  sellerUserId: number | null;
}

/** The ids of every seller request of this seller: a sub-query for counting their items (returns' figures). */
export function requestIdsOfSeller(db: Executor, seller: SellerOf) {
  return db
    .selectFrom('seller_requests')
    .select('id')
    .where((eb) =>
      seller.sellerUserId === null
        ? eb('phone_key', '=', seller.phoneKey)
        : eb.or([eb('phone_key', '=', seller.phoneKey), eb('seller_user_id', '=', seller.sellerUserId)]),
    );
}
