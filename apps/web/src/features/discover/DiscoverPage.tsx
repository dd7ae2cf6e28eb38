import { ALL_CATEGORIES, DEFAULT_DISCOVER_CATEGORY, DISCOVER_SKELETONS } from '@marketplace/shared';
import { Suspense } from 'react';
import { useSearchParams } from '../../lib/router';
import { PageMeta } from '../../components/PageMeta';
import { ProductGrid } from '../../components/ProductGrid';
import { pageTitle } from '../../lib/brand';
import { lazyPage } from '../../lib/lazy-page';
import { useI18n } from '../../i18n/context';
import { translateKnown } from '../../i18n/labels';
import type { DiscoverQuery } from './api';
import { FilterBar } from './components/FilterBar';
import { activeFilters, filterQuery, filtersFrom } from './filters';
import { useDiscoverProducts } from './use-discover-products';

const NoResults = lazyPage(() => import('./components/NoResults'), 'NoResults');
// Its own chunk, fetched after the page's: the first screen's JS does not grow (decision 0070).
const SearchAlertButton = lazyPage(() => import('./components/SearchAlertButton'), 'SearchAlertButton');

/**
 * /discover?category=… (default SmartPhones; `all` for every item) or /discover?search=…: a grid with pages
 * of 10, and one empty state with its ways on (docs/product.md#search-without-dead-ends).
 */
export function DiscoverPage() {
  const [params] = useSearchParams();
  const i18n = useI18n();
  const search = params.get('search')?.trim() ?? '';
  const category = params.get('category')?.trim() || DEFAULT_DISCOVER_CATEGORY;
  const filters = filtersFrom(params);
  const query: DiscoverQuery =
    search && !params.get('category') ? { kind: 'search', search, filters } : { kind: 'category', category, filters };
  const all = query.kind === 'category' && query.category.toLowerCase() === ALL_CATEGORIES;
  // A category's name is data, but the six fixed ones are in the catalogue.
  const categoryName = query.kind === 'category' ? translateKnown(i18n, query.category) : '';
  const heading =
    query.kind === 'search'
      ? i18n._('Results for “{search}”', { search: query.search })
      : all
        ? i18n._('All items for sale')
        : i18n._('Discover {category}', { category: categoryName });
  const narrowed = activeFilters(filters) > 0;
  const base = query.kind === 'search' ? { search: query.search } : { category: query.category };
  const { loading, products, total, hasMore, loadingMore, moreFailed, loadMore, didYouMean, error, retry } =
    useDiscoverProducts(query);

  return (
    <section aria-labelledby="discover-heading">
      <PageMeta
        title={pageTitle(heading)}
        description={
          query.kind === 'search'
            ? i18n._('Second-hand items matching “{search}” in Malawi.', { search: query.search })
            : all
              ? i18n._('Every second-hand item for sale in Malawi, prices in MWK.')
              : i18n._('Second-hand {category} for sale in Malawi, prices in MWK.', { category: categoryName })
        }
        path={`/discover?${query.kind === 'search' ? `search=${encodeURIComponent(query.search)}` : `category=${encodeURIComponent(query.category)}`}`}
      />
      <h1 id="discover-heading" className="page-title">
        {heading}
      </h1>
      <p className="mt-1 mb-3 min-h-5 text-sm text-stone-600" aria-live="polite">
        {!loading &&
          total !== null &&
          products.length > 0 &&
          (total === 1 ? i18n._('1 item') : i18n._('{count} items', { count: total }))}
      </p>
      {/* A new URL starts a fresh bar: the panel closes and its fields show what is applied. */}
      <FilterBar key={`${query.kind}:${filterQuery(filters)}`} base={base} filters={filters} />
      {query.kind === 'search' && (
        <Suspense fallback={<div className="mb-3 min-h-11" />}>
          <SearchAlertButton search={query.search} filters={filters} />
        </Suspense>
      )}
      <ProductGrid
        label={heading}
        loading={loading}
        products={products}
        skeletons={DISCOVER_SKELETONS}
        headingLevel={2}
        error={error}
        onRetry={retry}
        empty={
          (didYouMean || narrowed) && (
            <Suspense fallback={null}>
              <NoResults base={base} filters={filters} didYouMean={didYouMean} narrowed={narrowed} />
            </Suspense>
          )
        }
        eager={4}
        priority
      />
      {(hasMore || moreFailed) && (
        <div className="mt-6 flex flex-col items-center gap-2">
          {moreFailed && (
            <p className="text-sm text-red-700" role="alert">
              {i18n._('Could not load more items. Please try again.')}
            </p>
          )}
          <button
            type="button"
            onClick={loadMore}
            disabled={loadingMore}
            className="btn btn-outline px-6 disabled:opacity-70"
          >
            {loadingMore ? i18n._('Loading…') : i18n._('Show more')}
          </button>
        </div>
      )}
    </section>
  );
}
