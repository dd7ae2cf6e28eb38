import type { PublicProduct } from '@marketplace/shared';
import { apiList, apiRequest, isNotFoundError } from '../../lib/api-client';
import { unavailableLabel } from '../../lib/product-types';

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

/**
 * Related Items: the same category first, then the newest of the rest; never the product itself. A sold
 * item's page offers only items that can be bought now instead (docs/decisions/0066).
 */
export async function fetchRelated(product: PublicProduct, signal: AbortSignal): Promise<PublicProduct[]> {
  const picked = new Map<number, PublicProduct>();
  const onSaleOnly = product.sold;
  const wanted = (item: PublicProduct) => item.id !== product.id && (!onSaleOnly || unavailableLabel(item) === null);
  const take = (list: PublicProduct[]) => {
    for (const item of list) if (wanted(item) && picked.size < RELATED_COUNT) picked.set(item.id, item);
  };
  const category = product.category?.category_name;
  if (category) {
    // A sold page asks for more of the category: some of them may be sold or reserved too.
    const page = await apiList<PublicProduct>(
      `/v1/products/category/${encodeURIComponent(category)}?limit=${(onSaleOnly ? 3 : 1) * RELATED_COUNT + 1}&offset=0`,
      ['products'],
      {
        defaultMessage: 'Failed to fetch category items',
        signal,
      },
    );
    take(page.items);
  }
  if (picked.size < RELATED_COUNT) {
    const available = onSaleOnly ? '&available=true' : '';
    const page = await apiList<PublicProduct>(
      `/v1/products?limit=${RELATED_COUNT * 2 + 1}&offset=0${available}`,
      ['products'],
      {
        defaultMessage: 'Failed to fetch items',
        signal,
      },
    );
    take(page.items);
  }
  return [...picked.values()];
}
