import { formatMoney, HOME_GRID_SIZE } from '@marketplace/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { EmptyState } from '../../components/EmptyState';
import { ProductGrid } from '../../components/ProductGrid';
import { checkBasketItems, type CheckedItem } from '../../lib/basket-check';
import { basketTotal, removeFromBasket, type BasketItem } from '../../lib/basket-store';
import { cardImageFile } from '../../lib/images';
import { readPlacedOrders } from '../../lib/placed-orders';
import { useAsync } from '../../lib/use-async';
import { useBasket } from '../../lib/use-basket';
import { pageTitle } from '../../lib/brand';
import { Title } from '../../lib/head';
import { fetchSuggestions } from './api';
import { BasketLine, type LineProblem } from './components/BasketLine';
import { YourOrders } from './components/YourOrders';
import { useI18n } from '../../i18n/context';

/** The stored snapshot, refreshed with the listing's current name, price, location and shop when we have them. */
function freshen(item: BasketItem, checked: CheckedItem | undefined): BasketItem {
  const product = checked?.product;
  if (!product) return item;
  const shop = product.shop ? { id: product.shop.id, name: product.shop.name, town: product.shop.town } : item.shop;
  return {
    ...item,
    name: product.name,
    price: product.price,
    location: product.location,
    cover_image_url: cardImageFile(product),
    shop,
  };
}

function problemOf(checked: CheckedItem | undefined): LineProblem {
  const availability = checked?.availability;
  return availability === 'reserved' || availability === 'moving' || availability === 'gone' ? availability : null;
}

export function BasketPage() {
  const navigate = useNavigate();
  const i18n = useI18n();
  const stored = useBasket();
  const [placedOrders] = useState(readPlacedOrders);
  const ids = stored.map((item) => item.id);
  const checks = useAsync(`basket:${ids.join(',')}`, (signal) =>
    ids.length ? checkBasketItems(ids, signal) : Promise.resolve(new Map<number, CheckedItem>()),
  );
  const suggestions = useAsync('basket-suggestions', fetchSuggestions);
  const suggestionError = suggestions.status === 'error' ? suggestions.error : null;
  useEffect(() => {
    if (suggestionError) console.error('Basket: could not load suggestions', suggestionError);
  }, [suggestionError]);

  const checked = checks.status === 'success' ? checks.data : new Map<number, CheckedItem>();
  const lines = stored.map((item) => {
    const check = checked.get(item.id);
    return { item: freshen(item, check), problem: problemOf(check), town: check?.product?.transit_town };
  });
  const available = lines.filter((line) => !line.problem).map((line) => line.item);
  const anyUnavailable = lines.some((line) => line.problem);

  return (
    <div className="space-y-8">
      <Title>{pageTitle(i18n._('Your Basket'))}</Title>
      <section aria-labelledby="basket-heading">
        <h1 id="basket-heading" className="page-title mb-4">
          {i18n._('Your Basket')}
        </h1>
        {lines.length === 0 ? (
          <EmptyState
            title={i18n._('You have not added anything to your Basket.')}
            message={i18n._('Items in you Basket will appear here after you add them.')}
          />
        ) : (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,1fr)_18rem] md:items-start">
            <ul className="space-y-3" aria-label={i18n._('Items in your basket')}>
              {lines.map(({ item, problem, town }) => (
                <BasketLine
                  key={item.id}
                  item={item}
                  problem={problem}
                  town={town}
                  onRemove={() => removeFromBasket(item.id)}
                />
              ))}
            </ul>
            <aside aria-labelledby="summary-heading" className="card p-4">
              <h2 id="summary-heading" className="text-lg font-semibold text-stone-900">
                {i18n._('Summary')}
              </h2>
              <dl className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4">
                <dt className="text-stone-700">
                  {available.length === 1
                    ? i18n._('Total (1 item)')
                    : i18n._('Total ({count} items)', { count: available.length })}
                </dt>
                <dd className="text-2xl font-extrabold whitespace-nowrap text-stone-950" data-testid="basket-total">
                  {formatMoney(basketTotal(available))}
                </dd>
              </dl>
              {anyUnavailable && (
                <p className="mt-2 text-sm text-stone-700">
                  {i18n._('Unavailable items are not counted in the total.')}
                </p>
              )}
              <button
                type="button"
                className="btn btn-primary mt-4 w-full"
                disabled={available.length === 0}
                onClick={() => navigate('/checkout')}
              >
                {i18n._('Place order')}
              </button>
              <p className="mt-2 text-sm text-stone-700">
                {i18n._('Nothing to pay now: you pay at the shop when you collect, or on delivery.')}
              </p>
            </aside>
          </div>
        )}
      </section>
      {placedOrders.length > 0 && <YourOrders orders={placedOrders} />}
      <section aria-labelledby="suggestions-heading">
        <h2 id="suggestions-heading" className="section-title mb-3">
          {i18n._('Explore New Items')}
        </h2>
        <ProductGrid
          label={i18n._('Explore New Items')}
          loading={suggestions.status === 'loading'}
          products={suggestions.status === 'success' ? suggestions.data : []}
          skeletons={HOME_GRID_SIZE}
        />
      </section>
    </div>
  );
}
