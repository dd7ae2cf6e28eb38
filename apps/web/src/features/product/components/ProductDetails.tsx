import { formatMoney, type PublicProduct } from '@marketplace/shared';
import { Link, useNavigate } from '../../../lib/router';
import { BasketIcon, PinIcon } from '../../../components/icons';
import { addToBasket } from '../../../lib/basket-store';
import { unavailableLabel, unavailableText } from '../../../lib/product-types';
import { galleryFiles } from '../gallery-files';
import { Gallery } from './Gallery';
import { InterestPanel } from './InterestPanel';
import { ItemCondition } from './ItemCondition';
import { ItemSpecs } from './ItemSpecs';
import { WhereItIs } from './WhereItIs';
import { useI18n } from '../../../i18n/context';
import { translateKnown } from '../../../i18n/labels';

// One chunk for everything under the product's header (ProductPage loads both from it).
export { ProductActions } from './ProductActions';

/** The loaded product: gallery, facts, Buy Now, interest, where it is and description. */
export function ProductDetails({ product }: { product: PublicProduct }) {
  const navigate = useNavigate();
  const i18n = useI18n();
  const category = product.category?.category_name;
  const unavailable = unavailableLabel(product);

  function buyNow() {
    addToBasket(product);
    navigate('/basket');
  }

  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-10">
      <Gallery files={galleryFiles(product)} name={product.name} />
      <div className="space-y-4">
        {category && (
          <Link
            to={`/discover?category=${encodeURIComponent(category)}`}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-teal-800 hover:underline"
          >
            {translateKnown(i18n, category)}
          </Link>
        )}
        <h1 className="text-2xl font-bold break-words text-stone-900 sm:text-3xl">{product.name}</h1>
        <p className="text-3xl font-extrabold text-stone-950" data-testid="product-price">
          {formatMoney(product.price)}
        </p>
        <p className="flex items-center gap-1 text-stone-700">
          <PinIcon width={18} height={18} />
          <span data-testid="product-location">{product.location || i18n._('Unknown location')}</span>
        </p>
        <ItemCondition product={product} />
        <ItemSpecs product={product} />
        {/* Staff found the IMEI compliant on MACRA's CEIR; the IMEI itself is never sent (decision 0057). */}
        {product.imei_checked === true && (
          <p className="text-sm font-semibold text-teal-800" data-testid="imei-checked">
            <span aria-hidden="true">✓</span> {i18n._('IMEI checked with MACRA')}
          </p>
        )}
        {unavailable && (
          <p className="rounded-md bg-stone-200 px-3 py-2 font-semibold text-stone-900" role="status">
            {product.sold
              ? i18n._('This item has been sold.')
              : product.reserved
                ? i18n._('This item is reserved by another buyer.')
                : i18n._('On its way to our shop in {town}: it can be ordered there once it arrives.', {
                    town: product.transit_town ?? '',
                  })}
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <button
            type="button"
            onClick={buyNow}
            disabled={unavailable !== null}
            className="btn btn-primary w-full px-6 sm:w-auto"
          >
            <BasketIcon width={20} height={20} />
            {unavailableText(i18n, product) ?? i18n._('Buy Now')}
          </button>
          {/* A new count from the server (a kept page refreshing) starts the panel again. */}
          <InterestPanel key={`${product.id}:${product.watchers}`} product={product} />
        </div>
        <WhereItIs product={product} />
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="text-lg font-semibold text-stone-900">
            {i18n._('Description')}
          </h2>
          <p className="mt-1 whitespace-pre-line text-stone-800" data-testid="product-description">
            {product.description || i18n._('No description available.')}
          </p>
        </section>
      </div>
    </div>
  );
}
