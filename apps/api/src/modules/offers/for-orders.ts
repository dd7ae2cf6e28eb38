import {
  OFFER_TOKEN_ENDED,
  OFFER_TOKEN_NOT_AGREED,
  OFFER_TOKEN_OTHER_ITEM,
  offerTokenPattern,
} from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { hashToken } from '../auth/index.js';
import { tellOfferEnded } from './news.js';
import { findOfferByTokenHash, moveOffer, unsettledOffersOn } from './repository.js';
import { OFFER_CHANGED_MEANWHILE } from './steps.js';

// What orders use of offers (docs/decisions/0103): the agreed price an offer token gives one line of the basket,
// the offer used by the order, and the offers ended when their item sells.

/** An accepted offer's agreed price, for an item of the basket. */
export interface AgreedOffer {
  id: number;
  reference: string;
  product_id: number;
  amount: number;
  version: number;
}

/**
 * The agreed offer the token names, checked against the basket: 422 for an unknown token or one for an item not in
 * the basket; 409 for an offer not accepted (waiting, declined, ended, or already ordered) or whose 24 hours ran
 * out. Only the holder of the token gets the agreed price: without it, every buyer pays the listed price.
 */
export async function agreedOffer(db: Executor, token: string, productIds: number[], now: Date): Promise<AgreedOffer> {
  const row = offerTokenPattern.test(token) ? await findOfferByTokenHash(db, hashToken(token)) : undefined;
  if (!row) throw new HttpError(422, OFFER_TOKEN_NOT_AGREED, { offer_token: OFFER_TOKEN_NOT_AGREED });
  if (!productIds.includes(row.product_id))
    throw new HttpError(422, OFFER_TOKEN_OTHER_ITEM, { offer_token: OFFER_TOKEN_OTHER_ITEM });
  if (row.status !== 'accepted' || row.agreed_amount === null) throw new HttpError(409, OFFER_TOKEN_NOT_AGREED);
  if (row.agreed_until === null || row.agreed_until <= now.toISOString()) throw new HttpError(409, OFFER_TOKEN_ENDED);
  return {
    id: row.id,
    reference: row.reference,
    product_id: row.product_id,
    amount: Number(row.agreed_amount),
    version: row.version,
  };
}

/**
 * The offer is used by the order, in the order's transaction: moved from accepted by its version, so one token
 * places one order even when two checkouts race with it (the other gets a 409 and rolls back).
 */
export async function markOfferOrdered(trx: Executor, offer: AgreedOffer, orderId: number, at: string) {
  const moved = await moveOffer(trx, {
    id: offer.id,
    from: 'accepted',
    version: offer.version,
    to: 'ordered',
    set: { order_id: orderId, expires_at: null },
    now: at,
  });
  if (!moved) throw new HttpError(409, OFFER_CHANGED_MEANWHILE);
}

/**
 * The items sold (an order completed, a replacement given): every offer on them still waiting or agreed is declined
 * with the reason `sold`, and its buyer told, in the transaction of the sale. An offer moved meanwhile is left.
 */
export async function declineOffersOnSale(trx: Executor, productIds: number[], now: Date) {
  const at = now.toISOString();
  for (const row of await unsettledOffersOn(trx, productIds)) {
    const moved = await moveOffer(trx, {
      id: row.id,
      from: row.status,
      version: row.version,
      to: 'declined',
      set: { decline_reason: 'sold', expires_at: null },
      now: at,
    });
    if (!moved) continue;
    await recordAudit(trx, {
      actorId: null,
      action: `Offer ${row.reference} on ${row.product_name}: declined, the item sold`,
      subjectType: 'offer',
      subjectId: row.id,
      at,
    });
    await tellOfferEnded(trx, row, 'sold', now);
  }
}
