import { DISCOVER_PAGE_SIZE, type PublicProduct } from '@marketplace/shared';
import { apiRequest } from '../../lib/api-client';
import { productsOf } from '../../lib/product-types';

export type DiscoverQuery = { kind: 'category'; category: string } | { kind: 'search'; search: string };

export interface ProductPage {
  products: PublicProduct[];
  /** All matches on the server; null when the answer did not say (a bare array). */
  total: number | null;
}

type ListPayload = PublicProduct[] | { products?: PublicProduct[] | null; total?: number; total_capped?: boolean };

/** One page of a category or of a search, spec 9 page size 10. */
export async function fetchDiscoverPage(query: DiscoverQuery, offset: number, signal?: AbortSignal): Promise<ProductPage> {
  const page = `limit=${DISCOVER_PAGE_SIZE}&offset=${offset}`;
  const payload =
    query.kind === 'category'
      ? await apiRequest<ListPayload>(`/v1/products/category/${encodeURIComponent(query.category)}?${page}`, { defaultMessage: 'Failed to fetch category items', signal })
      : await apiRequest<ListPayload>(`/v1/products?${page}&search=${encodeURIComponent(query.search)}`, { defaultMessage: 'Failed to fetch items', signal });
  // A common search's total is counted only up to a cap (decision 0014): then the count is unknown and
  // "Show more" goes on while pages come back full.
  return { products: productsOf(payload), total: Array.isArray(payload) || payload.total_capped ? null : (payload.total ?? null) };
}
