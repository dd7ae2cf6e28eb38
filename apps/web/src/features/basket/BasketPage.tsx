import { formatMoney, HOME_GRID_SIZE } from '@marketplace/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ProductGrid } from '../../components/ProductGrid';
import { basketTotal, removeFromBasket, type BasketItem } from '../../lib/basket-store';
import { cardImageFile } from '../../lib/images';
import { useAsync } from '../../lib/use-async';
import { useBasket } from '../../lib/use-basket';
import { pageTitle } from '../../lib/brand';
import { checkBasketItems, fetchSuggestions, type CheckedItem } from './api';
import { BasketLine } from './components/BasketLine';

/** The stored snapshot, refreshed with the listing's current name, price and location when we have them. */
function freshen(item: BasketItem, checked: CheckedItem | undefined): BasketItem {
  const product = checked?.product;
  return product ? { ...item, name: product.name, price: product.price, location: product.location, cover_image_url: cardImageFile(product) } : item;
}

export function BasketPage() {
  const stored = useBasket();
  const ids = stored.map((item) => item.id);
  const checks = useAsync(`basket:${ids.join(',')}`, (signal) => (ids.length ? checkBasketItems(ids, signal) : Promise.resolve(new Map<number, CheckedItem>())));
  const suggestions = useAsync('basket-suggestions', fetchSuggestions);
  const suggestionError = suggestions.status === 'error' ? suggestions.error : null;
  useEffect(() => {
    if (suggestionError) console.error('Basket: could not load suggestions', suggestionError);
  }, [suggestionError]);

  const checked = checks.status === 'success' ? checks.data : new Map<number, CheckedItem>();
  const lines = stored.map((item) => {
    const check = checked.get(item.id);
    return { item: freshen(item, check), unavailable: check?.availability === 'unavailable' };
  });
  const available = lines.filter((line) => !line.unavailable).map((line) => line.item);
  const anyUnavailable = lines.some((line) => line.unavailable);

  return (
    <div className="space-y-8">
      <title>{pageTitle('Your Basket')}</title>
      <section aria-labelledby="basket-heading">
        <h1 id="basket-heading" className="page-title mb-4">
          Your Basket
        </h1>
        {lines.length === 0 ? (
          <EmptyState title="You have not added anything to your Basket." message="Items in you Basket will appear here after you add them." />
        ) : (
          <div className="grid gap-4 md:grid-cols-[1fr_18rem] md:items-start">
            <ul className="space-y-3" aria-label="Items in your basket">
              {lines.map(({ item, unavailable }) => (
                <BasketLine key={item.id} item={item} unavailable={unavailable} onRemove={() => removeFromBasket(item.id)} />
              ))}
            </ul>
            <aside aria-labelledby="summary-heading" className="card p-4">
              <h2 id="summary-heading" className="text-lg font-semibold text-stone-900">
                Summary
              </h2>
              <dl className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4">
                <dt className="text-stone-700">
                  Total ({available.length} {available.length === 1 ? 'item' : 'items'})
                </dt>
                <dd className="text-2xl font-extrabold whitespace-nowrap text-stone-950" data-testid="basket-total">
                  {formatMoney(basketTotal(available))}
                </dd>
              </dl>
              {anyUnavailable && <p className="mt-2 text-sm text-stone-700">Unavailable items are not counted in the total.</p>}
              <p className="mt-3 text-sm text-stone-700">
                Online ordering is coming soon. To buy now,{' '}
                <Link to="/contact" className="text-link">
                  contact us
                </Link>{' '}
                or visit a partner shop.
              </p>
            </aside>
          </div>
        )}
      </section>
      <section aria-labelledby="suggestions-heading">
        <h2 id="suggestions-heading" className="section-title mb-3">
          Explore New Items
        </h2>
        <ProductGrid label="Explore New Items" loading={suggestions.status === 'loading'} products={suggestions.status === 'success' ? suggestions.data : []} skeletons={HOME_GRID_SIZE} />
      </section>
    </div>
  );
}
