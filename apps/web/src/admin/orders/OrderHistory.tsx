import { formatStaffTime } from '@marketplace/shared';
import type { AdminOrder } from '@marketplace/shared';
import { DataTable } from '../components/DataTable';
import { td } from '../components/ui';

type OrderEvent = AdminOrder['history'][number];

/** Who acted: the staff member by name, the buyer (placed or cancelled it) or the system (expiry). */
function actedBy(event: OrderEvent): string {
  if (event.by === 'buyer') return 'Buyer';
  if (event.by === 'system') return 'System';
  return event.actor ?? 'Staff';
}

/** Every status change of the order, as the server recorded it. */
export function OrderHistory({ order }: { order: AdminOrder }) {
  return (
    <div className="min-w-0">
      <h2 className="mb-2 text-base font-semibold text-stone-900">History</h2>
      <DataTable label="Order history" minWidth="min-w-[34rem]" columns={['When', 'Change', 'Reason', 'By']}>
        {order.history.map((event) => (
          <tr key={event.id}>
            <td className={`${td} whitespace-nowrap`}>
              <time dateTime={event.created_at}>{formatStaffTime(event.created_at)}</time>
            </td>
            <td className={td}>{event.from_status ? `${event.from_status} → ${event.to_status}` : event.to_status}</td>
            <td className={`${td} [overflow-wrap:anywhere]`}>{event.reason || '—'}</td>
            <td className={td}>{actedBy(event)}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
