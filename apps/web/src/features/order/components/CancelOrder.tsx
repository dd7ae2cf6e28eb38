import type { PublicOrder } from '@marketplace/shared';
import { useState } from 'react';
import { SendDialog } from '../../../components/SendDialog';
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
  const [reason, setReason] = useState('');
  return (
    <SendDialog
      title={`Cancel order ${number}?`}
      description="The shop stops holding your items and they go back on sale. This cannot be undone."
      reason={{ value: reason, onChange: setReason }}
      backLabel="Keep the order"
      sendLabel="Cancel order"
      busyLabel="Cancelling…"
      danger
      offlineText="We could not reach the shop. Check your connection and try again."
      failureText="Could not cancel the order. Please try again."
      send={() => cancelOrder(token, reason)}
      onClose={onClose}
      onSent={onCancelled}
      onRefused={onRefused}
    />
  );
}
