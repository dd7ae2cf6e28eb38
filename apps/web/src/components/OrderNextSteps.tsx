import type { Fulfilment } from '@marketplace/shared';
import { formatDateTime } from '../lib/dates';

interface OrderNextStepsProps {
  fulfilment: Fulfilment;
  /** When the reservation ends; left out once the order is on its way (it can no longer expire). */
  expiresAt?: string | null;
}

/** What to bring and how to pay, and how long the shop holds the items. */
export function OrderNextSteps({ fulfilment, expiresAt }: OrderNextStepsProps) {
  return (
    <div className="space-y-2 text-sm text-stone-800">
      <p>
        {fulfilment === 'delivery'
          ? 'Pay the driver in cash or by mobile money when the item arrives.'
          : 'Bring your order number and the money. Pay at the counter in cash or by mobile money (Airtel Money or TNM Mpamba). Check the item before you pay.'}
      </p>
      {expiresAt && (
        <p className="font-semibold text-stone-900">
          We hold your items until <time dateTime={expiresAt}>{formatDateTime(expiresAt)}</time>
        </p>
      )}
    </div>
  );
}
