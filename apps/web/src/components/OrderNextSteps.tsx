import type { Fulfilment } from '@marketplace/shared';
import { formatDateTime } from '../lib/dates';
import { useI18n } from '../i18n/context';
import { Rich } from '../i18n/Rich';

interface OrderNextStepsProps {
  fulfilment: Fulfilment;
  /** When the reservation ends; left out once the order is on its way (it can no longer expire). */
  expiresAt?: string | null;
  /** Paid (or being paid) by mobile money: nothing to pay at the counter or to the driver. */
  payNow?: boolean;
}

/** What to bring and how to pay, and how long the shop holds the items. */
export function OrderNextSteps({ fulfilment, expiresAt, payNow = false }: OrderNextStepsProps) {
  const i18n = useI18n();
  return (
    <div className="space-y-2 text-sm text-stone-800">
      <p>
        {fulfilment === 'coach'
          ? payNow
            ? i18n._(
                'The shop sends the parcel by coach. Collect it at the depot with the waybill number we send you by SMS.',
              )
            : i18n._(
                'The shop calls you to agree the payment and the coach fare, then sends the parcel. Collect it at the depot with the waybill number we send you by SMS.',
              )
          : payNow
            ? fulfilment === 'delivery'
              ? i18n._('Check the item when it arrives. You pay by mobile money, not the driver.')
              : i18n._(
                  'Bring your order number and check the item at the counter. You pay by mobile money, not at the counter.',
                )
            : fulfilment === 'delivery'
              ? i18n._('Pay the driver in cash or by mobile money when the item arrives.')
              : i18n._(
                  'Bring your order number and the money. Pay at the counter in cash or by mobile money (Airtel Money or TNM Mpamba). Check the item before you pay.',
                )}
      </p>
      {expiresAt && (
        <p className="font-semibold text-stone-900">
          <Rich
            text={i18n._('We hold your items until <0>{date}</0>', { date: formatDateTime(expiresAt, i18n) })}
            parts={[(date) => <time dateTime={expiresAt}>{date}</time>]}
          />
        </p>
      )}
    </div>
  );
}
