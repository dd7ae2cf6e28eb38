import type { ReactNode } from 'react';
import { isOffline } from '../lib/offline';
import type { CardProduct } from '../lib/product-types';
import { EmptyState } from './EmptyState';
import { ProductCard, type ProductCardProps } from './ProductCard';
import { RetryNotice } from './RetryNotice';
import { SkeletonCard } from './SkeletonCard';
import { useI18n } from '../i18n/context';

interface ProductGridProps {
  products: readonly CardProduct[];
  loading: boolean;
  /** How many skeleton cards stand in while loading (8 on discover, 3 for related). */
  skeletons: number;
  /** Names the list for screen readers, e.g. the section heading (like the empty texts, in the reader's language). */
  label: string;
  headingLevel?: ProductCardProps['headingLevel'];
  showWatchers?: boolean;
  emptyTitle?: string;
  emptyMessage?: string;
  /** Shown instead of the empty state (discover's, with its ways on: a search that finds something, clearing filters). */
  empty?: ReactNode;
  /**
   * Why the list did not load. Offline, the grid says so and offers `onRetry`; any other failure keeps the empty state
   * (docs/product.md#error-catalogue).
   */
  error?: unknown;
  onRetry?: () => void;
  /** How many cards are above the fold on a phone (their photos load at once). */
  eager?: number;
  /** The first card's photo is the page's main picture (discover): preloaded at high priority. */
  priority?: boolean;
  /** Shown under each card, outside it (the Saved page's note and Remove button): its first part at the top, its last at the bottom. */
  footer?: (product: CardProduct) => ReactNode;
}

const gridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4';

/** Skeletons while loading, the empty state when there is nothing, otherwise cards. */
export function ProductGrid({
  products,
  loading,
  skeletons,
  label,
  headingLevel,
  showWatchers,
  emptyTitle,
  emptyMessage,
  empty,
  error,
  onRetry,
  eager = 0,
  priority = false,
  footer,
}: ProductGridProps) {
  const i18n = useI18n();
  if (loading) {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          {i18n._('Loading products…')}
        </p>
        <div className={gridClass}>
          {Array.from({ length: skeletons }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </div>
      </div>
    );
  }
  if (onRetry && error && isOffline(error)) return <RetryNotice onRetry={onRetry} />;
  if (products.length === 0) return empty || <EmptyState title={emptyTitle} message={emptyMessage} />;
  return (
    <ul className={gridClass} aria-label={label}>
      {products.map((product, index) => {
        const card = (
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            showWatchers={showWatchers}
            eager={index < eager}
            priority={priority && index === 0}
          />
        );
        // With a footer each cell spans two rows of the grid (subgrid), so cards and footers line up across a row.
        return footer ? (
          <li key={product.id} className="row-span-2 grid grid-rows-subgrid">
            {card}
            <div className="flex flex-col justify-between gap-2">{footer(product)}</div>
          </li>
        ) : (
          <li key={product.id}>{card}</li>
        );
      })}
    </ul>
  );
}
