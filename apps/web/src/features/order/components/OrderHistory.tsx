import type { PublicOrder } from '@marketplace/shared';
import type { I18n } from '@lingui/core';
import { formatDateTime } from '../../../lib/dates';
import { useI18n } from '../../../i18n/context';
import { translateKnown } from '../../../i18n/labels';

type OrderEvent = PublicOrder['history'][number];

/** The payment's steps (docs/decisions/0052): their reasons are the gateway's details, in English, for staff. */
function paymentText(action: string, i18n: I18n): string | null {
  switch (action) {
    case 'pay':
      return i18n._('Payment started');
    case 'paid':
      return i18n._('Paid');
    case 'pay_at_shop':
      return i18n._('Changed to paying at the shop');
    case 'payment_lapsed':
      return i18n._('Not paid in time');
    case 'refund':
    case 'refund_failed':
      return i18n._('Refund started');
    case 'refunded':
      return i18n._('Refunded');
    default:
      return null;
  }
}

/** What happened, in the buyer's words; staff names stay in the back-office. */
function eventText(event: OrderEvent, i18n: I18n): string {
  switch (event.to_status) {
    case 'Placed':
      return i18n._('Order placed');
    case 'Confirmed':
      return i18n._('Confirmed by the shop');
    case 'Ready for collection':
      return i18n._('Ready for collection at the shop');
    case 'Out for delivery':
      return i18n._('Out for delivery');
    case 'Sent':
      return i18n._('Sent by coach');
    case 'Completed':
      return i18n._('Completed');
    case 'Cancelled':
      return event.by === 'buyer'
        ? i18n._('Cancelled by you')
        : event.by === 'staff'
          ? i18n._('Cancelled by the shop')
          : i18n._('Cancelled');
    case 'Expired':
      return i18n._('Reservation expired');
    default:
      return translateKnown(i18n, event.to_status);
  }
}

export function OrderHistory({ events }: { events: PublicOrder['history'] }) {
  const i18n = useI18n();
  if (events.length === 0) return <p className="text-sm text-stone-700">{i18n._('Nothing has happened yet.')}</p>;
  return (
    <ol className="space-y-3 border-l-2 border-stone-300 pl-4 text-sm" aria-label={i18n._('Order history')}>
      {events.map((event) => (
        <li key={event.id}>
          <time dateTime={event.created_at} className="block text-xs text-stone-600">
            {formatDateTime(event.created_at, i18n)}
          </time>
          <span className="font-semibold text-stone-900">
            {paymentText(event.action, i18n) ?? eventText(event, i18n)}
          </span>
          {event.reason && paymentText(event.action, i18n) === null && (
            <span className="block text-stone-700">{i18n._('Reason: {reason}', { reason: event.reason })}</span>
          )}
        </li>
      ))}
    </ol>
  );
}
