import { HOME_GRID_SIZE, type PublicProduct } from '@marketplace/shared';
import { apiList } from '../../lib/api-client';

/** Explore New Items under the basket: only what can still be bought. */
export async function fetchSuggestions(signal: AbortSignal): Promise<PublicProduct[]> {
  const page = await apiList<PublicProduct>(
    `/v1/products?limit=${HOME_GRID_SIZE}&offset=0&available=true`,
    ['products'],
    { defaultMessage: 'Failed to fetch items', signal },
  );
  return page.items;
}
