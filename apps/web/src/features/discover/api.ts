import { DISCOVER_PAGE_SIZE, type PublicProduct } from '@marketplace/shared';
import { apiRequest } from '../../lib/api-client';
import { productsOf } from '../../lib/product-types';

export type DiscoverQuery = { kind: 'category'; category: string } | { kind: 'search'; search: string };

export interface ProductPage {
  products: PublicProduct[];
  /** All matches on the server; null when the answer did not say (a bare array). */
  total: number | null;
  /** Where the next page starts (the API's `next_cursor`); null when the answer gave none. */
  cursor: string | null;
}

type ListPayload = PublicProduct[] | { products?: PublicProduct[] | null; total?: number; total_capped?: boolean; next_cursor?: string | null };

/**
 * One page of a category or of a search, spec 9 page size 10. The first page is at offset 0 as the spec
 * says; later ones continue from the previous page's cursor when the API gave one, which costs the same at
 * any depth (decision 0014), else by offset.
 */
export async function fetchDiscoverPage(query: DiscoverQuery, from: { offset: number } | { cursor: string }, signal?: AbortSignal): Promise<ProductPage> {
  const page = `limit=${DISCOVER_PAGE_SIZE}&${'cursor' in from ? `cursor=${encodeURIComponent(from.cursor)}` : `offset=${from.offset}`}`;
  const payload =
    query.kind === 'category'
      ? await apiRequest<ListPayload>(`/v1/products/category/${encodeURIComponent(query.category)}?${page}`, { defaultMessage: 'Failed to fetch category items', signal })
      : await apiRequest<ListPayload>(`/v1/products?${page}&search=${encodeURIComponent(query.search)}`, { defaultMessage: 'Failed to fetch items', signal });
  if (Array.isArray(payload)) return { products: payload, total: null, cursor: null };
  // A common search's total is counted only up to a cap (decision 0014): then the count is unknown and
  // "Show more" goes on while pages come back full.
  return { products: productsOf(payload), total: payload.total_capped ? null : (payload.total ?? null), cursor: payload.next_cursor ?? null };
}
