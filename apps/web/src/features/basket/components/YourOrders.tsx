import { Link } from '../../../lib/router';
import { formatDateTime } from '../../../lib/dates';
import type { PlacedOrderRef } from '../../../lib/placed-orders';
import { useI18n } from '../../../i18n/context';

/** Orders placed from this phone, so the buyer finds their private order pages again. */
export function YourOrders({ orders }: { orders: readonly PlacedOrderRef[] }) {
  const i18n = useI18n();
  return (
    <section aria-labelledby="your-orders-heading">
      <h2 id="your-orders-heading" className="section-title mb-3">
        {i18n._('Your orders')}
      </h2>
      <ul className="card divide-y divide-stone-200" aria-labelledby="your-orders-heading">
        {orders.map((order) => (
          <li key={order.token}>
            <Link
              to={`/order/${order.token}`}
              className="flex min-h-11 flex-wrap items-baseline gap-x-3 px-4 py-3 hover:bg-stone-50"
            >
              <span className="font-mono text-base font-bold tracking-wider text-teal-800 underline">
                {order.number}
              </span>
              <span className="text-sm text-stone-700">
                {order.shop_name && `${order.shop_name} · `}
                {formatDateTime(order.created_at, i18n)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
