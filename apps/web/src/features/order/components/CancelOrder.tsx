import type { PublicOrder } from '@marketplace/shared';
import { useId, useState, type FormEvent } from 'react';
import { useModalDialog } from '../../../components/use-modal-dialog';
import { ApiError } from '../../../lib/api-client';
import { cancelOrder } from '../api';

interface CancelOrderProps {
  token: string;
  number: string;
  onCancelled: (order: PublicOrder) => void;
  /** The server said it can no longer be cancelled (collected meanwhile, say): its message. */
  onRefused: (message: string) => void;
}

/** "Cancel order" and its confirmation: a native modal <dialog> with an optional reason. */
export function CancelOrder({ token, number, onCancelled, onRefused }: CancelOrderProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn border border-red-700 bg-white text-red-800 hover:bg-red-50" onClick={() => setOpen(true)}>
        Cancel order
      </button>
      {open && <CancelDialog token={token} number={number} onClose={() => setOpen(false)} onCancelled={onCancelled} onRefused={onRefused} />}
    </>
  );
}

interface CancelDialogProps extends CancelOrderProps {
  onClose: () => void;
}

function CancelDialog({ token, number, onClose, onCancelled, onRefused }: CancelDialogProps) {
  const ref = useModalDialog();
  const titleId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const order = await cancelOrder(token, reason);
      onClose();
      onCancelled(order);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onClose();
        onRefused(error.message);
        return;
      }
      // Offline or a server hiccup: the dialog stays open with the reason as typed.
      setFailure(error instanceof ApiError && error.status === 0 ? 'We could not reach the shop. Check your connection and try again.' : error instanceof Error ? error.message : 'Could not cancel the order. Please try again.');
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
            Cancel order {number}?
          </h2>
          <p className="mt-1 text-sm text-stone-700">The shop stops holding your items and they go back on sale. This cannot be undone.</p>
        </div>
        <div>
          <label htmlFor={reasonId} className="mb-1 block text-sm font-semibold text-stone-800">
            Reason (optional)
          </label>
          <textarea id={reasonId} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} className="block min-h-11 w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900" />
        </div>
        {failure && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {failure}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={busy}>
            Keep the order
          </button>
          <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-400" disabled={busy}>
            {busy ? 'Cancelling…' : 'Cancel order'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
