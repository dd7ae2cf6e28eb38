import { formatMoney, type PublicOrder } from '@marketplace/shared';
import { useI18n } from '../i18n/context';

type OrderMoney = Pick<PublicOrder, 'items' | 'subtotal' | 'delivery_fee' | 'total' | 'fulfilment' | 'coach'>;

/** An order's items with their prices, then subtotal, delivery fee (delivery) or coach fare (coach) and total. */
export function OrderLines({ order }: { order: OrderMoney }) {
  const i18n = useI18n();
  const row = 'flex items-baseline justify-between gap-3';
  return (
    <div className="text-sm">
      <ul className="divide-y divide-stone-200" aria-label={i18n._('Items')}>
        {order.items.map((item, index) => (
          <li key={item.product_id ?? `line-${index}`} className={`${row} py-2`}>
            <span className="min-w-0 break-words text-stone-900">{item.name}</span>
            <span className="font-semibold whitespace-nowrap text-stone-950">{formatMoney(item.price)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-stone-300 pt-2">
        <div className={row}>
          <dt className="text-stone-700">{i18n._('Subtotal')}</dt>
          <dd className="whitespace-nowrap">{formatMoney(order.subtotal)}</dd>
        </div>
        {order.fulfilment === 'delivery' && (
          <div className={row}>
            <dt className="text-stone-700">{i18n._('Delivery fee')}</dt>
            <dd className="text-right">
              {order.delivery_fee === null ? i18n._('Agreed on the phone') : formatMoney(order.delivery_fee)}
            </dd>
          </div>
        )}
        {order.coach && (
          <div className={row}>
            <dt className="text-stone-700">{i18n._('Coach fare')}</dt>
            <dd className="text-right">
              {order.coach.fare === null ? i18n._('Paid at the depot') : formatMoney(order.coach.fare)}
            </dd>
          </div>
        )}
        <div className={`${row} text-base`}>
          <dt className="font-semibold text-stone-900">{i18n._('Total')}</dt>
          <dd className="font-extrabold whitespace-nowrap text-stone-950" data-testid="order-total">
            {formatMoney(order.total)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
