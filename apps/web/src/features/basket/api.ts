import { HOME_GRID_SIZE, type PublicProduct } from '@marketplace/shared';
import { ApiError, apiRequest } from '../../lib/api-client';
import { productsOf } from '../../lib/product-types';

export type Availability = 'available' | 'unavailable' | 'unknown';

export interface CheckedItem {
  availability: Availability;
  /** The current listing, when it could be read: fresher than the basket's snapshot. */
  product: PublicProduct | null;
}

/**
 * Looks each basket item up again: a 404 (unpublished or deleted) or a sold product is unavailable.
 * A network failure says nothing about the item, so it stays 'unknown' rather than alarming the buyer.
 */
export async function checkBasketItems(ids: readonly number[], signal: AbortSignal): Promise<Map<number, CheckedItem>> {
  const results = await Promise.allSettled(ids.map((id) => apiRequest<PublicProduct>(`/v1/products/${id}`, { defaultMessage: 'Failed to fetch item', signal })));
  const checked = new Map<number, CheckedItem>();
  results.forEach((result, index) => {
    const id = ids[index] as number;
    if (result.status === 'fulfilled') {
      checked.set(id, { availability: result.value.sold ? 'unavailable' : 'available', product: result.value });
    } else {
      const gone = result.reason instanceof ApiError && result.reason.status === 404;
      checked.set(id, { availability: gone ? 'unavailable' : 'unknown', product: null });
    }
  });
  return checked;
}

export async function fetchSuggestions(signal: AbortSignal): Promise<PublicProduct[]> {
  const payload = await apiRequest<PublicProduct[] | { products?: PublicProduct[] }>(`/v1/products?limit=${HOME_GRID_SIZE}&offset=0`, { defaultMessage: 'Failed to fetch items', signal });
  return productsOf(payload);
}
