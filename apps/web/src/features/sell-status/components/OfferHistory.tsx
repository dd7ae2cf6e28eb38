import { formatMoney, type SellerView } from '@marketplace/shared';
import { formatDateTime } from '../../../lib/dates';

type Offer = SellerView['offers'][number];

/** What became of an offer, in the seller's words. */
function outcome(offer: Offer, open: boolean): string {
  const when = offer.answered_at ? ` on ${formatDateTime(offer.answered_at)}` : '';
  switch (offer.answer) {
    case 'accepted':
      return `Accepted${when}`;
    case 'declined':
      return `Declined${when}`;
    case 'expired':
      return `Expired without an answer${when}`;
    default:
      // Unanswered and no longer open: replaced by a newer offer, or withdrawn when the item was turned down.
      return open ? 'Waiting for your answer' : 'Withdrawn';
  }
}

export function OfferHistory({ offers, openOfferId }: { offers: SellerView['offers']; openOfferId: number | null }) {
  if (offers.length === 0) return <p className="text-sm text-stone-700">No offer yet. We will show it here, and tell you, when we make one.</p>;
  return (
    <ol className="space-y-3 border-l-2 border-stone-300 pl-4 text-sm" aria-label="Offer history">
      {offers.map((offer) => (
        <li key={offer.id}>
          <time dateTime={offer.created_at} className="block text-xs text-stone-600">
            {formatDateTime(offer.created_at)}
          </time>
          <span className="font-semibold text-stone-900">
            {offer.kind === 'counter' ? 'Counter-offer' : 'Offer'} {formatMoney(offer.amount)}
          </span>
          {offer.reason && <span className="block text-stone-700">Why: {offer.reason}</span>}
          <span className="block font-medium text-stone-900">{outcome(offer, offer.id === openOfferId)}</span>
          {/* A decline's reason is the seller's own; an acceptance's is the note staff kept of a yes by phone or in person. */}
          {offer.answer_reason && (
            <span className="block text-stone-700">
              {offer.answer === 'declined' ? 'Your reason' : 'Note'}: {offer.answer_reason}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
