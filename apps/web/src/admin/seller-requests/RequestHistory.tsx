import {
  flagsOf,
  formatMoney,
  hasOpenOffer,
  type SellerRequest,
  formatShortMoment,
  formatStaffTime,
} from '@marketplace/shared';
import { DataTable } from '../components/DataTable';
import { EmptyNote } from '../components/status';
import { td } from '../components/ui';
import { historySentence } from './history-sentences';

type Offer = SellerRequest['offers'][number];

const ANSWERS = { accepted: 'Accepted', declined: 'Declined', expired: 'Expired' } as const;

/** The seller's answer to one offer; an unanswered one is 'Waiting' only while it is the open offer. */
function SellerAnswer({ offer, open }: { offer: Offer; open: boolean }) {
  if (offer.answer === null) {
    // Withdrawn unanswered: a newer offer replaced it, or the request was rejected.
    return open ? (
      <span className="font-medium text-amber-900">Waiting</span>
    ) : (
      <span className="text-stone-600">No answer</span>
    );
  }
  return (
    <>
      <span className="font-medium">{ANSWERS[offer.answer]}</span>
      {offer.answered_at && (
        <time className="block text-xs whitespace-nowrap text-stone-600" dateTime={offer.answered_at}>
          {formatStaffTime(offer.answered_at)}
        </time>
      )}
      {offer.answer_reason && <span className="block text-xs text-stone-700">{`“${offer.answer_reason}”`}</span>}
    </>
  );
}

/** The offers with the seller's answers, then every change of status as a sentence. */
export function RequestHistory({ request }: { request: SellerRequest }) {
  const openOffer = hasOpenOffer(flagsOf(request.status)) ? request.offers.at(-1) : undefined;
  return (
    <div className="space-y-5">
      <div className="min-w-0">
        <h2 className="mb-2 text-base font-semibold text-stone-900">Offer history</h2>
        {request.offers.length === 0 ? (
          <EmptyNote>No offers yet.</EmptyNote>
        ) : (
          <DataTable
            label="Offer history"
            minWidth="min-w-[42rem]"
            columns={['When', 'Kind', { label: 'Amount', right: true }, 'Reason', 'By', 'Seller answer']}
          >
            {request.offers.map((offer) => (
              <tr key={offer.id} data-testid={`offer-${offer.id}`}>
                <td className={`${td} whitespace-nowrap`}>{formatStaffTime(offer.created_at)}</td>
                <td className={td}>{offer.kind === 'offer' ? 'Offer' : 'Counter offer'}</td>
                <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{formatMoney(offer.amount)}</td>
                <td className={td}>{offer.reason || '—'}</td>
                <td className={td}>{offer.actor ?? '—'}</td>
                <td className={td}>
                  <SellerAnswer offer={offer} open={offer === openOffer} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
      <section className="min-w-0" aria-labelledby="status-history">
        <h2 id="status-history" className="mb-2 text-base font-semibold text-stone-900">
          Status history
        </h2>
        <ol className="space-y-2 text-sm">
          {request.history.map((event) => (
            <li key={event.id} data-testid={`event-${event.id}`}>
              <p className="text-stone-900">
                {`${historySentence(event, request.offers)}, `}
                <time dateTime={event.created_at}>{formatShortMoment(event.created_at)}</time>
                {event.reason && <span className="text-stone-800">{`: “${event.reason}”`}</span>}
              </p>
              <p className="text-xs text-stone-600">
                {event.from_status ? `${event.from_status} → ${event.to_status}` : event.to_status}
              </p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
