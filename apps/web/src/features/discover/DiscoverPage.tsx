import { DEFAULT_DISCOVER_CATEGORY, DISCOVER_SKELETONS } from '@marketplace/shared';
import { useSearchParams } from '../../lib/router';
import { PageMeta } from '../../components/PageMeta';
import { ProductGrid } from '../../components/ProductGrid';
import { pageTitle } from '../../lib/brand';
import type { DiscoverQuery } from './api';
import { FilterBar } from './components/FilterBar';
import { activeFilters, filterQuery, filtersFrom } from './filters';
import { useDiscoverProducts } from './use-discover-products';

/** /discover?category=… (default SmartPhones) or /discover?search=…: a grid with pages of 10. */
export function DiscoverPage() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const category = params.get('category')?.trim() || DEFAULT_DISCOVER_CATEGORY;
  const filters = filtersFrom(params);
  const query: DiscoverQuery = search && !params.get('category') ? { kind: 'search', search, filters } : { kind: 'category', category, filters };
  const heading = query.kind === 'search' ? `Results for “${query.search}”` : `Discover ${query.category}`;
  const narrowed = activeFilters(filters) > 0;
  const { loading, products, total, hasMore, loadingMore, moreFailed, loadMore, error, retry } = useDiscoverProducts(query);

  return (
    <section aria-labelledby="discover-heading">
      <PageMeta
        title={pageTitle(heading)}
        description={query.kind === 'search' ? `Second-hand items matching “${query.search}” in Malawi.` : `Second-hand ${query.category} for sale in Malawi, prices in MWK.`}
        path={`/discover?${query.kind === 'search' ? `search=${encodeURIComponent(query.search)}` : `category=${encodeURIComponent(query.category)}`}`}
      />
      <h1 id="discover-heading" className="page-title">
        {heading}
      </h1>
      <p className="mt-1 mb-3 min-h-5 text-sm text-stone-600" aria-live="polite">
        {!loading && total !== null && products.length > 0 && `${total} ${total === 1 ? 'item' : 'items'}`}
        {!loading && narrowed && products.length === 0 && !error && 'No items match these filters.'}
      </p>
      {/* A new URL starts a fresh bar: the panel closes and its fields show what is applied. */}
      <FilterBar key={`${query.kind}:${filterQuery(filters)}`} base={query.kind === 'search' ? { search: query.search } : { category: query.category }} filters={filters} />
      <ProductGrid label={heading} loading={loading} products={products} skeletons={DISCOVER_SKELETONS} headingLevel={2} error={error} onRetry={retry} eager={4} priority />
      {(hasMore || moreFailed) && (
        <div className="mt-6 flex flex-col items-center gap-2">
          {moreFailed && (
            <p className="text-sm text-red-700" role="alert">
              Could not load more items. Please try again.
            </p>
          )}
          <button
            type="button"
            onClick={loadMore}
            disabled={loadingMore}
            className="btn btn-outline px-6 disabled:opacity-70"
          >
            {loadingMore ? 'Loading…' : 'Show more'}
          </button>
        </div>
      )}
    </section>
  );
}
