import { DEFAULT_LOCATION, formatMoney } from '@marketplace/shared';
import { Link } from '../lib/router';
import { CARD_IMAGE, CARD_SIZES, CARD_SRCSET, cardImageFile } from '../lib/images';
import { unavailableText, type CardProduct } from '../lib/product-types';
import { CardBasketButton } from './CardBasketButton';
import { ConditionLabel } from './ConditionLabel';
import { PinIcon } from './icons';
import { ProductImage } from './ProductImage';
import { useI18n } from '../i18n/context';

export interface ProductCardProps {
  product: CardProduct;
  /** Level of the name heading, so it follows the page's own headings in order. */
  headingLevel?: 2 | 3;
  /** Related items show how many people watch them. */
  showWatchers?: boolean;
  /** Above the fold: the photo loads at once; `priority` also preloads it as the page's main picture. */
  eager?: boolean;
  priority?: boolean;
}

/** One card for every grid: photo, name, price (the boldest thing), location, basket button. */
export function ProductCard({
  product,
  headingLevel = 3,
  showWatchers = false,
  eager = false,
  priority = false,
}: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const i18n = useI18n();
  const badge = unavailableText(i18n, product);
  return (
    // The name's link is stretched over the whole card (after:inset-0) so a tap anywhere opens the product,
    // while the basket button stays a separate control above it (no button nested in a link).
    <article className="card relative flex h-full flex-col overflow-hidden ring-teal-700 ring-offset-2 has-[a:focus-visible]:ring-2">
      <ProductImage
        file={cardImageFile(product)}
        alt={product.name}
        size={CARD_IMAGE}
        srcSet={CARD_SRCSET}
        sizes={CARD_SIZES}
        eager={eager}
        priority={priority}
        className="aspect-[4/5] w-full"
      />
      {badge && (
        <span
          className={`absolute left-2 top-2 rounded px-2 py-0.5 text-xs font-semibold ${product.sold ? 'bg-stone-900 text-white' : 'bg-amber-300 text-stone-950'}`}
        >
          {badge}
        </span>
      )}
      <div className="flex flex-1 flex-col gap-1 p-2.5 sm:p-3">
        <Heading className="line-clamp-2 text-sm font-medium text-stone-800">
          <Link to={`/product/${product.id}`} className="outline-none after:absolute after:inset-0 after:content-['']">
            {product.name}
          </Link>
        </Heading>
        <p
          className="text-base font-bold tracking-tight whitespace-nowrap text-stone-950 sm:text-lg"
          data-testid="card-price"
        >
          {formatMoney(product.price)}
        </p>
        <ConditionLabel condition={product.condition} />
        <p className="flex items-center gap-1 text-xs text-stone-600">
          <PinIcon width={14} height={14} />
          {product.location || DEFAULT_LOCATION}
        </p>
        {showWatchers && typeof product.watchers === 'number' && (
          <p className="text-xs text-stone-600">
            {product.watchers === 1 ? i18n._('1 watching') : i18n._('{count} watching', { count: product.watchers })}
          </p>
        )}
        <div className="mt-auto pt-2">
          <CardBasketButton product={product} />
        </div>
      </div>
    </article>
  );
}
