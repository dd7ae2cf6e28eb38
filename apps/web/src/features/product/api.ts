import type { PublicProduct } from '@marketplace/shared';
import { apiList, apiRequest, isNotFoundError } from '../../lib/api-client';

export async function fetchProduct(id: string, signal: AbortSignal): Promise<PublicProduct | null> {
  return apiRequest<PublicProduct | null>(`/v1/products/${encodeURIComponent(id)}`, {
    defaultMessage: 'Failed to fetch item',
    signal,
  });
}

/** 'Product not found' when nothing comes back (404, or an id that cannot exist), otherwise a failure. */
export function productErrorText(error: unknown): string {
  if (isNotFoundError(error)) return /*i18n*/ 'Product not found';
  return /*i18n*/ 'Failed to fetch product details';
}

const RELATED_COUNT = 3;

/** Related Items: the same category first, then the newest of the rest; never the product itself. */
export async function fetchRelated(product: PublicProduct, signal: AbortSignal): Promise<PublicProduct[]> {
  const picked = new Map<number, PublicProduct>();
  const take = (list: PublicProduct[]) => {
    for (const item of list) if (item.id !== product.id && picked.size < RELATED_COUNT) picked.set(item.id, item);
  };
  const category = product.category?.category_name;
  if (category) {
    const page = await apiList<PublicProduct>(
      `/v1/products/category/${encodeURIComponent(category)}?limit=${RELATED_COUNT + 1}&offset=0`,
      ['products'],
      {
        defaultMessage: 'Failed to fetch category items',
        signal,
      },
    );
    take(page.items);
  }
  if (picked.size < RELATED_COUNT) {
    const page = await apiList<PublicProduct>(`/v1/products?limit=${RELATED_COUNT * 2 + 1}&offset=0`, ['products'], {
      defaultMessage: 'Failed to fetch items',
      signal,
    });
    take(page.items);
  }
  return [...picked.values()];
}
