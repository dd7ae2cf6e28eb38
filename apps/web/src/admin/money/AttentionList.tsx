import { useQuery } from '@tanstack/react-query';
import { formatMoney, methodLabel, type MoneySummary, formatStaffTime } from '@marketplace/shared';
import { useState } from 'react';
import { Link } from '../../lib/router';
import { meQuery } from '../auth-api';
import { Badge, buttonStyles, Card } from '../components/ui';
import { KIND_LABELS } from './format';
import { PayByHandDialog } from './PayByHandDialog';

type Attention = MoneySummary['attention'][number];

/** The order or seller request a transfer was for, as a link to its screen. */
function Subject({ item }: { item: Attention }) {
  const number = item.subject_number;
  if (item.order_id !== null)
    return (
      <Link to={`/admin/orders/${item.order_id}`} className="font-medium text-teal-800 underline">
        {`Order ${number ?? `#${item.order_id}`}`}
      </Link>
    );
  if (item.seller_request_id !== null)
    return (
      <Link to={`/admin/seller-requests/${item.seller_request_id}`} className="font-medium text-teal-800 underline">
        {`Seller request ${number ?? `#${item.seller_request_id}`}`}
      </Link>
    );
  return <span>{number ?? 'No order or request'}</span>;
}

/** What a status means here: `manual` is a task for an Admin (decision 0079). */
const STATUS_LABELS: Record<string, string> = { manual: 'pay by hand' };

/**
 * Pending charges, failed refunds and payouts, and those the gateway cannot send (an Admin pays them by hand and
 * records how): money staff must follow up, whatever the period shown.
 */
export function AttentionList({ items }: { items: Attention[] }) {
  const me = useQuery(meQuery());
  const [paying, setPaying] = useState<Attention | null>(null);
  const isAdmin = me.data?.role === 'Admin';
  return (
    <Card className="p-4">
      <h2 className="text-base font-semibold text-stone-900">Needs attention</h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">Nothing needs attention</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100" aria-label="Needs attention">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
              <span className="flex flex-wrap items-baseline gap-2">
                <span className="font-semibold">{KIND_LABELS[item.kind]}</span>
                <Badge tone={item.status === 'failed' ? 'red' : 'yellow'}>
                  {STATUS_LABELS[item.status] ?? item.status}
                </Badge>
                <Subject item={item} />
              </span>
              <span className="tabular-nums">{`${formatMoney(item.amount)} · ${methodLabel(item.method)}`}</span>
              <span className="w-full text-xs text-stone-600">
                <time dateTime={item.created_at}>{formatStaffTime(item.created_at)}</time>
                {item.note ? ` · ${item.note}` : null}
              </span>
              {item.status === 'manual' &&
                (isAdmin ? (
                  <button
                    type="button"
                    className={`${buttonStyles.secondary} min-h-11`}
                    onClick={() => setPaying(item)}
                  >
                    Record how it was paid
                  </button>
                ) : (
                  <span className="w-full text-xs text-stone-700">Only an Admin can record how it was paid.</span>
                ))}
            </li>
          ))}
        </ul>
      )}
      {paying && <PayByHandDialog item={paying} onClose={() => setPaying(null)} />}
    </Card>
  );
}
