import { formatMoney, type SellerView } from '@marketplace/shared';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/dates';
import type { OfferAnswer } from '../api';
import { AnswerDialog } from './AnswerDialog';

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
  const [answering, setAnswering] = useState<OfferAnswer | null>(null);
  // Kept here, not in the dialog: closing and reopening it does not lose what was typed.
  const [reason, setReason] = useState('');

  return (
    <>
      {offer.kind === 'counter' && <p className="text-sm font-semibold text-teal-800">Counter-offer</p>}
      <h2 id={headingId} className="text-2xl font-bold text-stone-950">
        We offer {formatMoney(offer.amount)}
      </h2>
      {offer.reason && <p className="mt-1 text-stone-800">Why: {offer.reason}</p>}
      {offer.expires_at && (
        <p className="mt-2 text-sm text-stone-700">
          Please answer by <time dateTime={offer.expires_at}>{formatDateTime(offer.expires_at)}</time>. After that the offer expires.
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary grow sm:grow-0" onClick={() => setAnswering('accept')}>
          Accept offer
        </button>
        <button type="button" className="btn btn-outline grow sm:grow-0" onClick={() => setAnswering('decline')}>
          Decline
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
