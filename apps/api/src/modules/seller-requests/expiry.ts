import { OPEN_OFFER_STATUSES } from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { expireDue, type Due } from '../../db/sweep.js';
import { expireOffer } from './moves.js';

/** Due for expiry: an open offer the seller did not answer in time. */
const DUE_OFFERS: Due<'seller_requests'> = {
  table: 'seller_requests',
  status: 'status',
  statuses: OPEN_OFFER_STATUSES,
  dueAt: 'offer_expires_at',
};

/**
 * Expires open offers not answered in time (see expireDue: each once, even with several processes
 * sweeping) and returns how many this call expired: each is recorded as expired by the system.
 */
export async function expireDueOffers(db: Db, now: Date, batch?: number): Promise<number> {
  return expireDue(db, DUE_OFFERS, { now, expire: (trx, row) => expireOffer(trx, row, now), batch });
}
