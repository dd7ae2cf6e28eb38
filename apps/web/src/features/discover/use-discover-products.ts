import { DISCOVER_PAGE_SIZE, type PublicProduct } from '@marketplace/shared';
import { useEffect, useState } from 'react';
import { useAsync } from '../../lib/use-async';
import { fetchDiscoverPage, type DiscoverQuery } from './api';
import { filterQuery } from './filters';

interface MorePages {
  key: string;
  products: PublicProduct[];
  total: number | null;
  cursor: string | null;
  loading: boolean;
  failed: boolean;
}

export interface DiscoverProducts {
  loading: boolean;
  products: PublicProduct[];
  total: number | null;
  hasMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  loadMore: () => void;
  /** A search that found nothing: a search that finds something, from the first page's answer. */
  didYouMean: string | null;
  /** Why the first page did not load (offline, the grid says so and offers `retry`). */
  error: unknown;
  retry: () => void;
}

function queryKey(query: DiscoverQuery): string {
  return `${query.kind === 'category' ? `category:${query.category.toLowerCase()}` : `search:${query.search}`}${filterQuery(query.filters)}`;
}

/** The first page of a category or search, plus "show more" pages appended after it. */
export function useDiscoverProducts(query: DiscoverQuery): DiscoverProducts {
  const key = queryKey(query);
  const [round, setRound] = useState(0);
  const first = useAsync(`${key}:${round}`, (signal) => fetchDiscoverPage(query, { offset: 0 }, signal));
  const [more, setMore] = useState<MorePages | null>(null);

  const error = first.status === 'error' ? first.error : null;
  useEffect(() => {
    // Discover failures are only logged (docs/product.md#error-catalogue); the page shows its empty state (offline:
    // says so).
    if (error) console.error('Discover: could not load products', error);
  }, [error]);

  const extra = more && more.key === key ? more : null;
  const firstPage =
    first.status === 'success' ? first.data : { products: [], total: 0, cursor: null, didYouMean: null };
  const products = [...firstPage.products, ...(extra?.products ?? [])];
  const total = extra?.total ?? firstPage.total;
  const lastPageFull =
    (extra ? extra.products.length % DISCOVER_PAGE_SIZE === 0 : firstPage.products.length === DISCOVER_PAGE_SIZE) &&
    products.length > 0;
  const hasMore = first.status === 'success' && (total === null ? lastPageFull : products.length < total);

  function loadMore() {
    if (extra?.loading) return;
    const cursor = extra ? extra.cursor : firstPage.cursor;
    setMore({ key, products: extra?.products ?? [], total, cursor, loading: true, failed: false });
    fetchDiscoverPage(query, cursor ? { cursor } : { offset: products.length }).then(
      (page) =>
        setMore((prev) =>
          prev && prev.key === key
            ? {
                key,
                products: [...prev.products, ...page.products],
                total: page.total ?? prev.total,
                cursor: page.cursor,
                loading: false,
                failed: false,
              }
            : prev,
        ),
      (err: unknown) => {
        console.error('Discover: could not load more products', err);
        setMore((prev) => (prev && prev.key === key ? { ...prev, loading: false, failed: true } : prev));
      },
    );
  }

  return {
    loading: first.status === 'loading',
    products,
    total,
    hasMore,
    loadingMore: extra?.loading ?? false,
    moreFailed: extra?.failed ?? false,
    loadMore,
    didYouMean: firstPage.didYouMean,
    error,
    retry: () => setRound((n) => n + 1),
  };
}
