import { formatMoney, type PublicOrder } from '@marketplace/shared';
import { useState } from 'react';
import { SendDialog } from '../../../components/SendDialog';
import { cancelOrder } from '../api';
import { useI18n } from '../../../i18n/context';

interface CancelOrderProps {
  token: string;
  number: string;
  /** Paid by mobile money: cancelling sends the money back. */
  refund: { amount: number; method: string } | null;
  onCancelled: (order: PublicOrder) => void;
  /** The server said it can no longer be cancelled (collected meanwhile, say): its message. */
  onRefused: (message: string) => void;
}

/** "Cancel order" and its confirmation: a native modal <dialog> with an optional reason. */
export function CancelOrder({ token, number, refund, onCancelled, onRefused }: CancelOrderProps) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn border border-red-700 bg-white text-red-800 hover:bg-red-50"
        onClick={() => setOpen(true)}
      >
        {i18n._('Cancel order')}
      </button>
      {open && (
        <CancelDialog
          token={token}
          number={number}
          refund={refund}
          onClose={() => setOpen(false)}
          onCancelled={onCancelled}
          onRefused={onRefused}
        />
      )}
    </>
  );
}

interface CancelDialogProps extends CancelOrderProps {
  onClose: () => void;
}

function CancelDialog({ token, number, refund, onClose, onCancelled, onRefused }: CancelDialogProps) {
  const i18n = useI18n();
  const [reason, setReason] = useState('');
  return (
    <SendDialog
      title={i18n._('Cancel order {number}?', { number })}
      description={
        refund
          ? i18n._(
              'The shop stops holding your items and they go back on sale. The {amount} you paid goes back to your {method}. This cannot be undone.',
              { amount: formatMoney(refund.amount), method: refund.method },
            )
          : i18n._('The shop stops holding your items and they go back on sale. This cannot be undone.')
      }
      reason={{ value: reason, onChange: setReason }}
      backLabel={i18n._('Keep the order')}
      sendLabel={i18n._('Cancel order')}
      busyLabel={i18n._('Cancelling…')}
      danger
      offlineText={i18n._('We could not reach the shop. Check your connection and try again.')}
      failureText={i18n._('Could not cancel the order. Please try again.')}
      send={() => cancelOrder(token, reason)}
      onClose={onClose}
      onSent={onCancelled}
      onRefused={onRefused}
    />
  );
}
