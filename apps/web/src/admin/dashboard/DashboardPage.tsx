import { useQuery } from '@tanstack/react-query';
import { formatMoney, formatSignedMoney, formatStaffTime, type Dashboard } from '@marketplace/shared';
import { usePageTitle } from '../use-page-title';
import { Card } from '../components/ui';
import { LoadError } from '../components/status';
import { useDisplayName } from '../session';
import { DASHBOARD_ERROR, dashboardQuery } from './api';
import { AfterSaleCard } from './AfterSaleCard';
import { LineChart } from './LineChart';
import { Link } from '../../lib/router';

const count = new Intl.NumberFormat('en-MW');

// The four counts, then the week's takings and margin (docs/product.md#dashboard). A money card is twice as wide as a
// count ('MWK 12,450,000' is long): a row of its own on a phone, counts then money on a small laptop, one row from 1280 px.
const CARDS: { key: keyof Dashboard['stats']; label: string; format: (value: number) => string; wide?: true }[] = [
  { key: 'products', label: 'Products', format: (v) => count.format(v) },
  { key: 'orders', label: 'Orders', format: (v) => count.format(v) },
  { key: 'users', label: 'Users', format: (v) => count.format(v) },
  { key: 'pendingOrders', label: 'Pending Orders', format: (v) => count.format(v) },
  { key: 'revenueThisWeek', label: 'Revenue This Week', format: formatMoney, wide: true },
  { key: 'marginThisWeek', label: 'Margin This Week', format: formatSignedMoney, wide: true },
];

export function DashboardPage() {
  usePageTitle('Dashboard');
  const displayName = useDisplayName();
  const dashboard = useQuery(dashboardQuery());
  const data = dashboard.data;

  return (
    <section className="space-y-6">
      <h1 className="text-xl font-bold text-stone-900">{`Welcome, ${displayName}`}</h1>
      {data?.reservations.alarm ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <strong>{`${count.format(data.reservations.last_hour)} items were reserved in the last hour`}</strong>
          {`, more than the ${count.format(data.reservations.alarm_per_hour)} expected. Someone may be holding stock they will not buy: check the newest orders and cancel those that are not real. `}
          <Link to="/admin/orders?status=Placed" className="font-medium underline">
            Newest orders
          </Link>
        </p>
      ) : null}
      {data && data.paid_waiting.orders > 0 ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <strong>{`${count.format(data.paid_waiting.orders)} paid ${data.paid_waiting.orders === 1 ? 'order has' : 'orders have'} waited more than ${count.format(data.paid_waiting.days)} days`}</strong>
          {`: paid items stay held until collected or cancelled. Call the buyers to arrange collection, or cancel to refund them. `}
          <Link to="/admin/orders" className="font-medium underline">
            Open orders
          </Link>
        </p>
      ) : null}
      {dashboard.error && !data ? (
        <LoadError error={dashboard.error} fallback={DASHBOARD_ERROR} onRetry={() => void dashboard.refetch()} />
      ) : null}

      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 xl:grid-cols-8" aria-label="Totals">
        {CARDS.map(({ key, label, format, wide }) => (
          <li key={key} className={wide ? 'col-span-2' : undefined}>
            <Card className="h-full p-4">
              <p className="text-sm font-medium text-stone-600">{label}</p>
              <p className="mt-1 text-2xl font-bold text-stone-900 tabular-nums" data-testid={`stat-${key}`}>
                {data ? (
                  format(data.stats[key])
                ) : (
                  <span className="inline-block h-7 w-12 animate-pulse rounded bg-stone-200 motion-reduce:animate-none">
                    <span className="sr-only">Loading</span>
                  </span>
                )}
              </p>
            </Card>
          </li>
        ))}
      </ul>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="self-start p-4 lg:col-span-2">
          <h2 className="mb-3 text-base font-semibold text-stone-900">Orders in Last 7 Days</h2>
          {data ? (
            <LineChart
              points={data.orders_by_day.map((d) => ({ date: d.date, value: d.orders }))}
              valueLabel="Orders"
              caption="Orders in Last 7 Days"
            />
          ) : (
            <div className="h-[220px] animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
          )}
        </Card>
        <Card className="p-4">
          <h2 className="mb-3 text-base font-semibold text-stone-900">Recent Actions</h2>
          {!data ? (
            <div className="space-y-2">
              {[0, 1, 2].map((i) => (
                <div key={i} className="h-10 animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
              ))}
            </div>
          ) : data.recent_actions.length === 0 ? (
            <p className="text-sm text-stone-600">No recent actions yet.</p>
          ) : (
            <ol className="divide-y divide-stone-100">
              {data.recent_actions.map((action) => (
                <li key={action.id} className="py-2 text-sm">
                  <p className="text-stone-900 [overflow-wrap:anywhere]">{action.action}</p>
                  <p className="text-xs text-stone-600">
                    <span>{`#${action.id}`}</span>
                    {action.actor ? <span>{` · ${action.actor}`}</span> : null}
                    <span>{' · '}</span>
                    <time dateTime={action.time} title={formatStaffTime(action.time)}>
                      {formatStaffTime(action.time)}
                    </time>
                  </p>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <div className="lg:col-span-3">
          <AfterSaleCard figures={data?.after_sale} />
        </div>
      </div>
    </section>
  );
}
