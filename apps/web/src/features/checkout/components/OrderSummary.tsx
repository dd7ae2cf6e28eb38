import { formatMoney } from '@marketplace/shared';
import type { CheckoutLine, ShopGroup } from '../checkout-lines';
import { useI18n } from '../../../i18n/context';

interface OrderSummaryProps {
  groups: readonly ShopGroup[];
  /** Items in the basket that can no longer be ordered: shown, left out of the order. */
  excluded: readonly CheckoutLine[];
  checking: boolean;
}

/** What is being ordered, shop by shop: each shop's items become one order. */
export function OrderSummary({ groups, excluded, checking }: OrderSummaryProps) {
  const i18n = useI18n();
  const total = groups.reduce((sum, group) => sum + group.subtotal, 0);
  return (
    <section aria-labelledby="summary-heading" className="card space-y-4 p-4">
      <h2 id="summary-heading" className="text-lg font-semibold text-stone-900">
        {i18n._('Your order')}
      </h2>
      {checking && (
        <p className="text-sm text-stone-600" role="status">
          {i18n._('Checking prices and availability…')}
        </p>
      )}
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`${group.key}-heading`} data-testid="shop-group">
          <h3 id={`${group.key}-heading`} className="font-semibold text-stone-900">
            {group.shop
              ? [group.shop.name, group.shop.town].filter(Boolean).join(', ')
              : i18n._('Shop to be confirmed')}
          </h3>
          <ul className="mt-1 divide-y divide-stone-200 text-sm">
            {group.lines.map((line) => (
              <li key={line.id} className="flex items-baseline justify-between gap-3 py-2">
                <span className="min-w-0 break-words text-stone-900">{line.name}</span>
                <span className="font-semibold whitespace-nowrap text-stone-950">{formatMoney(line.price)}</span>
              </li>
            ))}
          </ul>
          <p className="flex justify-between border-t border-stone-300 pt-2 text-sm">
            <span className="text-stone-700">{i18n._('Subtotal')}</span>
            <span className="font-bold whitespace-nowrap">{formatMoney(group.subtotal)}</span>
          </p>
        </section>
      ))}
      {groups.length > 1 && (
        <p className="flex justify-between text-base">
          <span className="font-semibold">{i18n._('Total of {count} orders', { count: groups.length })}</span>
          <span className="font-extrabold whitespace-nowrap" data-testid="checkout-total">
            {formatMoney(total)}
          </span>
        </p>
      )}
      {excluded.length > 0 && (
        <section aria-labelledby="excluded-heading" className="rounded-md bg-amber-50 p-3 text-sm">
          <h3 id="excluded-heading" className="font-semibold text-amber-950">
            {i18n._('Not in this order')}
          </h3>
          <ul className="mt-1 space-y-1 text-amber-950">
            {excluded.map((line) => (
              <li key={line.id}>
                {line.name}:{' '}
                {line.availability === 'reserved'
                  ? i18n._('Reserved by another buyer')
                  : line.availability === 'moving'
                    ? i18n._('Coming to {town} soon', { town: line.transitTown ?? '' })
                    : i18n._('Sold or no longer listed')}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
