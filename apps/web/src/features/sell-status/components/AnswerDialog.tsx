import { formatMoney, type SellerView } from '@marketplace/shared';
import { useId, useState, type FormEvent } from 'react';
import { useModalDialog } from '../../../components/use-modal-dialog';
import { ApiError } from '../../../lib/api-client';
import { answerOffer, type OfferAnswer } from '../api';

interface AnswerDialogProps {
  answer: OfferAnswer;
  offer: NonNullable<SellerView['open_offer']>;
  itemName: string;
  token: string;
  /** Only declining asks for one. */
  reason: string;
  onReason: (reason: string) => void;
  onClose: () => void;
  onAnswered: (view: SellerView, answer: OfferAnswer, amount: number) => void;
  /** The offer changed meanwhile (withdrawn, expired, replaced, already answered): the server's message. */
  onRefused: (message: string) => void;
}

/** Accepting commits the seller to sell at this price, and declining ends the offer: both are confirmed here. */
export function AnswerDialog({ answer, offer, itemName, token, reason, onReason, onClose, onAnswered, onRefused }: AnswerDialogProps) {
  const ref = useModalDialog();
  const titleId = useId();
  const reasonId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const accept = answer === 'accept';
  const amount = formatMoney(offer.amount);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const view = await answerOffer(token, answer, offer.id, accept ? '' : reason);
      onClose();
      onAnswered(view, answer, offer.amount);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onClose();
        onRefused(error.message);
        return;
      }
      // Offline or a server hiccup: the dialog stays open with the reason as typed.
      setFailure(error instanceof ApiError && error.status === 0 ? 'We could not send your answer. Check your connection and try again.' : error instanceof Error ? error.message : 'Could not send your answer. Please try again.');
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <form noValidate onSubmit={submit} className="space-y-4 p-5">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {accept ? `Accept ${amount}?` : `Decline our offer of ${amount}?`}
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            {accept
              ? `You agree to sell ${itemName} to us for ${amount}. We will contact you to collect the item and pay you.`
              : 'We will not buy the item at this price. Tell us why if you like, for example the price you would accept.'}
          </p>
        </div>
        {!accept && (
          <div>
            <label htmlFor={reasonId} className="mb-1 block text-sm font-semibold text-stone-800">
              Reason (optional)
            </label>
            <textarea id={reasonId} rows={3} maxLength={500} value={reason} onChange={(e) => onReason(e.target.value)} className="block min-h-11 w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900" />
          </div>
        )}
        {failure && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {failure}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={busy}>
            Go back
          </button>
          <button type="submit" className={accept ? 'btn btn-primary disabled:bg-stone-400' : 'btn bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-400'} disabled={busy}>
            {busy ? 'Sending…' : accept ? 'Yes, accept' : 'Decline offer'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
