import { HOME_GRID_SIZE, type PublicProduct } from '@marketplace/shared';
import { apiRequest } from '../../lib/api-client';
import { productsOf } from '../../lib/product-types';

/** Explore New Items under the basket: only what can still be bought. */
export async function fetchSuggestions(signal: AbortSignal): Promise<PublicProduct[]> {
  const payload = await apiRequest<PublicProduct[] | { products?: PublicProduct[] }>(`/v1/products?limit=${HOME_GRID_SIZE}&offset=0&available=true`, {
    defaultMessage: 'Failed to fetch items',
    signal,
  });
  return productsOf(payload);
}
