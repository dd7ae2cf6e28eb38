import type { PublicOrder } from '@marketplace/shared';
import { formatDateTime } from '../../../lib/dates';

type OrderEvent = PublicOrder['history'][number];

/** What happened, in the buyer's words; staff names stay in the back-office. */
function eventText(event: OrderEvent): string {
  switch (event.to_status) {
    case 'Placed':
      return 'Order placed';
    case 'Confirmed':
      return 'Confirmed by the shop';
    case 'Ready for collection':
      return 'Ready for collection at the shop';
    case 'Out for delivery':
      return 'Out for delivery';
    case 'Completed':
      return 'Completed';
    case 'Cancelled':
      return event.by === 'buyer' ? 'Cancelled by you' : event.by === 'staff' ? 'Cancelled by the shop' : 'Cancelled';
    case 'Expired':
      return 'Reservation expired';
    default:
      return event.to_status;
  }
}

export function OrderHistory({ events }: { events: PublicOrder['history'] }) {
  if (events.length === 0) return <p className="text-sm text-stone-700">Nothing has happened yet.</p>;
  return (
    <ol className="space-y-3 border-l-2 border-stone-300 pl-4 text-sm" aria-label="Order history">
      {events.map((event) => (
        <li key={event.id}>
          <time dateTime={event.created_at} className="block text-xs text-stone-600">
            {formatDateTime(event.created_at)}
          </time>
          <span className="font-semibold text-stone-900">{eventText(event)}</span>
          {event.reason && <span className="block text-stone-700">Reason: {event.reason}</span>}
        </li>
      ))}
    </ol>
  );
}
