import type { OfferDeclineReason } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { enqueueMessages, message } from '../notifications/index.js';
import { smsNumber } from '../seller-requests/index.js';
import { offerSecret, type OfferLinks } from './links.js';
import type { OfferRow } from './repository.js';

// The buyer's SMS about their offer (decision 0103), in the offer's language, in the transaction of its cause,
// each with the offer's private link.

export type OfferNews = 'made' | 'accepted' | 'countered' | 'declined';

/** How messages make the link: the link key, read before the transaction opens. */
export interface OfferMessaging {
  links: OfferLinks;
  key: string;
}

export async function tellOfferBuyer(
  trx: Executor,
  offer: Pick<OfferRow, 'id' | 'reference' | 'phone' | 'language' | 'product_name'>,
  news: { what: OfferNews; amount: number; why?: OfferDeclineReason | null | undefined },
  { messaging, now, staffId }: { messaging: OfferMessaging; now: Date; staffId?: number | undefined },
) {
  const phone = smsNumber(offer.phone);
  if (!phone) return;
  const facts = {
    reference: offer.reference,
    item: offer.product_name,
    amount: news.amount,
    link: offerSecret(messaging.links, messaging.key, offer.reference).link,
  };
  const body =
    news.what === 'declined'
      ? message(offer.language, 'offer.declined', { ...facts, why: news.why ?? 'too_low' })
      : message(offer.language, `offer.${news.what}`, facts);
  await enqueueMessages(
    trx,
    [{ channel: 'sms', recipient: phone, body, subjectType: 'offer', subjectId: offer.id, staffId }],
    now,
  );
}

/** The end of an offer nobody acted on: it lapsed (the sweep), or the item sold. No link: nothing is left to do. */
export async function tellOfferEnded(
  trx: Executor,
  offer: Pick<OfferRow, 'id' | 'reference' | 'phone' | 'language' | 'product_name'>,
  why: 'expired' | 'sold',
  now: Date,
) {
  const phone = smsNumber(offer.phone);
  if (!phone) return;
  const body = message(offer.language, `offer.${why}`, { reference: offer.reference, item: offer.product_name });
  await enqueueMessages(
    trx,
    [{ channel: 'sms', recipient: phone, body, subjectType: 'offer', subjectId: offer.id }],
    now,
  );
}
