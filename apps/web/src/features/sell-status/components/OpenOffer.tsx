import { formatMoney, type SellerView } from '@marketplace/shared';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/dates';
import type { OfferAnswer } from '../api';
import { AnswerDialog } from './AnswerDialog';
import { useI18n } from '../../../i18n/context';
import { Rich } from '../../../i18n/Rich';

interface OpenOfferProps {
  offer: NonNullable<SellerView['open_offer']>;
  itemName: string;
  token: string;
  headingId: string;
  onAnswered: (view: SellerView, answer: OfferAnswer, amount: number) => void;
  onRefused: (message: string) => void;
}

/** The offer waiting for the seller, and the two answers; each is confirmed in a dialog first. */
export function OpenOffer({ offer, itemName, token, headingId, onAnswered, onRefused }: OpenOfferProps) {
  const i18n = useI18n();
  const [answering, setAnswering] = useState<OfferAnswer | null>(null);
  const expiresAt = offer.expires_at;
  // Kept here, not in the dialog: closing and reopening it does not lose what was typed.
  const [reason, setReason] = useState('');

  return (
    <>
      {offer.kind === 'counter' && <p className="text-sm font-semibold text-teal-800">{i18n._('Counter-offer')}</p>}
      <h2 id={headingId} className="text-2xl font-bold text-stone-950">
        {i18n._('We offer {amount}', { amount: formatMoney(offer.amount) })}
      </h2>
      {offer.reason && <p className="mt-1 text-stone-800">{i18n._('Why: {reason}', { reason: offer.reason })}</p>}
      {expiresAt && (
        <p className="mt-2 text-sm text-stone-700">
          <Rich
            text={i18n._('Please answer by <0>{date}</0>. After that the offer expires.', {
              date: formatDateTime(expiresAt, i18n),
            })}
            parts={[(date) => <time dateTime={expiresAt}>{date}</time>]}
          />
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary grow sm:grow-0" onClick={() => setAnswering('accept')}>
          {i18n._('Accept offer')}
        </button>
        <button type="button" className="btn btn-outline grow sm:grow-0" onClick={() => setAnswering('decline')}>
          {i18n._('Decline')}
        </button>
      </div>
      {answering && (
        <AnswerDialog
          answer={answering}
          offer={offer}
          itemName={itemName}
          token={token}
          reason={reason}
          onReason={setReason}
          onClose={() => setAnswering(null)}
          onAnswered={onAnswered}
          onRefused={onRefused}
        />
      )}
    </>
  );
}
