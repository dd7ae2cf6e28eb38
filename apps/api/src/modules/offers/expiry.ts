import type { Db } from '../../db/database.js';
import { expireDue, type Due } from '../../db/sweep.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { tellOfferEnded } from './news.js';
import { findOffer, moveOffer } from './repository.js';
import { OFFER_CHANGED_MEANWHILE } from './steps.js';

/**
 * Due: an offer or a counter not answered within OFFER_HOURS, or an agreed price not ordered within 24 hours (each
 * keeps the time it lapses in expires_at).
 */
const DUE_OFFERS: Due<'offers'> = {
  table: 'offers',
  status: 'status',
  statuses: ['open', 'countered', 'accepted'],
  dueAt: 'expires_at',
};

/**
 * Expires the buyers' offers that lapsed (see expireDue: each once, even with several processes sweeping), tells
 * each buyer by SMS, and returns how many this call expired.
 */
export async function expireDueBuyerOffers(db: Db, now: Date, batch?: number): Promise<number> {
  const at = now.toISOString();
  return expireDue(db, DUE_OFFERS, {
    now,
    batch,
    expire: async (trx, claimed) => {
      const row = (await findOffer(trx, claimed.id))!;
      const moved = await moveOffer(trx, {
        id: row.id,
        from: row.status,
        version: row.version,
        to: 'expired',
        set: {},
        now: at,
      });
      if (!moved) throw new HttpError(409, OFFER_CHANGED_MEANWHILE);
      await recordAudit(trx, {
        actorId: null,
        action: `Offer ${row.reference} on ${row.product_name}: expired (${row.status} unanswered)`,
        subjectType: 'offer',
        subjectId: row.id,
        at,
      });
      await tellOfferEnded(trx, row, 'expired', now);
    },
  });
}
