import { DISCOVER_PAGE_SIZE, type PublicProduct } from '@marketplace/shared';
import { apiList, apiRequest } from '../../lib/api-client';
import { filterQuery, type DiscoverFilters } from './filters';

export type DiscoverQuery = ({ kind: 'category'; category: string } | { kind: 'search'; search: string }) & {
  filters: DiscoverFilters;
};

export interface ProductPage {
  products: PublicProduct[];
  /** All matches on the server; null when the answer did not say (a bare array). */
  total: number | null;
  /** Where the next page starts (the API's `next_cursor`); null when the answer gave none. */
  cursor: string | null;
  /** A search that found nothing: one that finds something (the API's `did_you_mean`), else null. */
  didYouMean: string | null;
}

/**
 * One page of a category or of a search, 10 a page. The first page is at offset 0 (docs/product.md#api); later ones
 * continue from the previous page's cursor when the API gave one, which costs the same at any depth (decision 0014),
 * else by offset.
 */
export async function fetchDiscoverPage(
  query: DiscoverQuery,
  from: { offset: number } | { cursor: string },
  signal?: AbortSignal,
): Promise<ProductPage> {
  const page = `limit=${DISCOVER_PAGE_SIZE}&${'cursor' in from ? `cursor=${encodeURIComponent(from.cursor)}` : `offset=${from.offset}`}${filterQuery(query.filters)}`;
  const { items, total, extra } =
    query.kind === 'category'
      ? await apiList<PublicProduct>(
          `/v1/products/category/${encodeURIComponent(query.category)}?${page}`,
          ['products'],
          { defaultMessage: 'Failed to fetch category items', signal },
        )
      : await apiList<PublicProduct>(`/v1/products?${page}&search=${encodeURIComponent(query.search)}`, ['products'], {
          defaultMessage: 'Failed to fetch items',
          signal,
        });
  // A common search's total is counted only up to a cap (decision 0014): then the count is unknown and
  // "Show more" goes on while pages come back full.
  const cursor = typeof extra.next_cursor === 'string' ? extra.next_cursor : null;
  const didYouMean = typeof extra.did_you_mean === 'string' ? extra.did_you_mean : null;
  return { products: items, total: extra.total_capped === true ? null : total, cursor, didYouMean };
}

/** The towns that have items, for the town filter. */
export async function fetchTowns(signal?: AbortSignal): Promise<string[]> {
  return (
    await apiRequest<{ towns: string[] }>('/v1/products/towns', { defaultMessage: 'Failed to fetch towns', signal })
  ).towns;
}
