import type { SellerAccountRequested, SellerView } from '@marketplace/shared';
import { apiRequest } from '../../lib/api-client';

/** The one answer for a wrong, malformed or unknown link: it never says whether an item exists. */
export const ITEM_NOT_FOUND = /*i18n*/ 'We could not find this item';

export type OfferAnswer = 'accept' | 'decline';

const path = (token: string) => `/v1/sells/${encodeURIComponent(token)}`;

export async function fetchSellerView(token: string, signal: AbortSignal): Promise<SellerView> {
  return apiRequest<SellerView>(path(token), { defaultMessage: /*i18n*/ 'Could not load your item', signal });
}

/**
 * The seller answers the offer they are looking at (`offerId`), so an offer replaced meanwhile is not
 * answered by mistake: the server then says 409 with its reason. The updated view comes back.
 */
export async function answerOffer(
  token: string,
  answer: OfferAnswer,
  offerId: number,
  reason = '',
): Promise<SellerView> {
  const trimmed = reason.trim();
  return apiRequest<SellerView>(`${path(token)}/${answer}`, {
    method: 'POST',
    body: trimmed ? { offer_id: offerId, reason: trimmed } : { offer_id: offerId },
    defaultMessage: /*i18n*/ 'Could not send your answer. Please try again.',
  });
}

/** Asks for the seller account the form offered: a link to make it (choosing its password) goes to the item's email. */
export async function createAccount(token: string): Promise<SellerAccountRequested> {
  return apiRequest<SellerAccountRequested>(`${path(token)}/account`, {
    method: 'POST',
    body: {},
    defaultMessage: /*i18n*/ 'Could not make your account. Please try again.',
  });
}
