import type { I18n } from '@lingui/core';
import { formatMoney, type SellerView } from '@marketplace/shared';
import { formatDateTime } from '../../../lib/dates';
import { useI18n } from '../../../i18n/context';

type Offer = SellerView['offers'][number];

/** What became of an offer, in the seller's words (and when, if known). */
function outcome(i18n: I18n, offer: Offer, open: boolean): string {
  const date = offer.answered_at ? formatDateTime(offer.answered_at, i18n) : null;
  switch (offer.answer) {
    case 'accepted':
      return date ? i18n._('Accepted on {date}', { date }) : i18n._('Accepted');
    case 'declined':
      return date ? i18n._('Declined on {date}', { date }) : i18n._('Declined');
    case 'expired':
      return date ? i18n._('Expired without an answer on {date}', { date }) : i18n._('Expired without an answer');
    default:
      // Unanswered and no longer open: replaced by a newer offer, or withdrawn when the item was turned down.
      return open ? i18n._('Waiting for your answer') : i18n._('Withdrawn');
  }
}

export function OfferHistory({ offers, openOfferId }: { offers: SellerView['offers']; openOfferId: number | null }) {
  const i18n = useI18n();
  if (offers.length === 0)
    return (
      <p className="text-sm text-stone-700">
        {i18n._('No offer yet. We will show it here, and tell you, when we make one.')}
      </p>
    );
  return (
    <ol className="space-y-3 border-l-2 border-stone-300 pl-4 text-sm" aria-label={i18n._('Offer history')}>
      {offers.map((offer) => (
        <li key={offer.id}>
          <time dateTime={offer.created_at} className="block text-xs text-stone-600">
            {formatDateTime(offer.created_at, i18n)}
          </time>
          <span className="font-semibold text-stone-900">
            {offer.kind === 'counter'
              ? i18n._('Counter-offer {amount}', { amount: formatMoney(offer.amount) })
              : i18n._('Offer {amount}', { amount: formatMoney(offer.amount) })}
          </span>
          {offer.reason && (
            <span className="block text-stone-700">{i18n._('Why: {reason}', { reason: offer.reason })}</span>
          )}
          <span className="block font-medium text-stone-900">{outcome(i18n, offer, offer.id === openOfferId)}</span>
          {/* A decline's reason is the seller's own; an acceptance's is the note staff kept of a yes by phone or in person. */}
          {offer.answer_reason && (
            <span className="block text-stone-700">
              {offer.answer === 'declined'
                ? i18n._('Your reason: {reason}', { reason: offer.answer_reason })
                : i18n._('Note: {note}', { note: offer.answer_reason })}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
