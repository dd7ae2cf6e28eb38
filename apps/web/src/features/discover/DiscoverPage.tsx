import { DEFAULT_DISCOVER_CATEGORY, DISCOVER_SKELETONS } from '@marketplace/shared';
import { lazy, Suspense } from 'react';
import { useSearchParams } from '../../lib/router';
import { PageMeta } from '../../components/PageMeta';
import { ProductGrid } from '../../components/ProductGrid';
import { pageTitle } from '../../lib/brand';
import { useI18n } from '../../i18n/context';
import { translateKnown } from '../../i18n/labels';
import type { DiscoverQuery } from './api';
import { FilterBar } from './components/FilterBar';
import { activeFilters, filterQuery, filtersFrom } from './filters';
import { useDiscoverProducts } from './use-discover-products';

// Its own chunk, fetched after the page's: the first screen's JS does not grow (decision 0070).
const SearchAlertButton = lazy(() => import('./components/SearchAlertButton'));

/** /discover?category=… (default SmartPhones) or /discover?search=…: a grid with pages of 10. */
export function DiscoverPage() {
  const [params] = useSearchParams();
  const i18n = useI18n();
  const search = params.get('search')?.trim() ?? '';
  const category = params.get('category')?.trim() || DEFAULT_DISCOVER_CATEGORY;
  const filters = filtersFrom(params);
  const query: DiscoverQuery =
    search && !params.get('category') ? { kind: 'search', search, filters } : { kind: 'category', category, filters };
  // A category's name is data, but the six fixed ones are in the catalogue.
  const categoryName = query.kind === 'category' ? translateKnown(i18n, query.category) : '';
  const heading =
    query.kind === 'search'
      ? i18n._('Results for “{search}”', { search: query.search })
      : i18n._('Discover {category}', { category: categoryName });
  const narrowed = activeFilters(filters) > 0;
  const { loading, products, total, hasMore, loadingMore, moreFailed, loadMore, error, retry } =
    useDiscoverProducts(query);

  return (
    <section aria-labelledby="discover-heading">
      <PageMeta
        title={pageTitle(heading)}
        description={
          query.kind === 'search'
            ? i18n._('Second-hand items matching “{search}” in Malawi.', { search: query.search })
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
        {!loading && narrowed && products.length === 0 && !error && i18n._('No items match these filters.')}
      </p>
      {/* A new URL starts a fresh bar: the panel closes and its fields show what is applied. */}
      <FilterBar
        key={`${query.kind}:${filterQuery(filters)}`}
        base={query.kind === 'search' ? { search: query.search } : { category: query.category }}
        filters={filters}
      />
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
