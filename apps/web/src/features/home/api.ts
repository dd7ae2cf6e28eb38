import { HOME_GRID_SIZE, type FeaturedProduct, type PublicProduct } from '@marketplace/shared';
import { apiList } from '../../lib/api-client';
import type { CardProduct } from '../../lib/product-types';

/**
 * Featured Items. The featured list names the product by product_id (docs/product.md#entities), which is what cards
 * link to.
 */
export async function fetchFeatured(signal: AbortSignal): Promise<CardProduct[]> {
  const page = await apiList<FeaturedProduct>('/v1/products/featured-products', ['products'], {
    defaultMessage: 'Failed to fetch items',
    signal,
  });
  return page.items.slice(0, HOME_GRID_SIZE).map((item) => ({ ...item, id: item.product_id ?? item.id }));
}

/** Explore New Items: the newest products that can still be bought (not sold, not reserved). */
export async function fetchNewest(signal: AbortSignal): Promise<CardProduct[]> {
  const page = await apiList<PublicProduct>(
    `/v1/products?limit=${HOME_GRID_SIZE}&offset=0&available=true`,
    ['products'],
    { defaultMessage: 'Failed to fetch items', signal },
  );
  return page.items;
}
