import type { PublicProduct } from '@marketplace/shared';
import { ApiError, apiRequest } from './api-client';

/**
 * 'gone': sold, unpublished or deleted. 'moving': on its way to another shop, orderable once it arrives
 * (docs/decisions/0062). 'unknown': the check itself failed, which says nothing about the item.
 */
export type Availability = 'available' | 'reserved' | 'moving' | 'gone' | 'unknown';

function availabilityOf(product: PublicProduct): Availability {
  if (product.sold) return 'gone';
  if (product.reserved) return 'reserved';
  return product.in_transit ? 'moving' : 'available';
}

export interface CheckedItem {
  availability: Availability;
  /** The current listing, when it could be read: fresher than the basket's snapshot. */
  product: PublicProduct | null;
}

/**
 * Looks each basket item up again (the basket and the checkout both need today's price, shop and
 * availability). A network failure leaves the item 'unknown' rather than alarming the buyer.
 */
export async function checkBasketItems(ids: readonly number[], signal: AbortSignal): Promise<Map<number, CheckedItem>> {
  const results = await Promise.allSettled(
    ids.map((id) =>
      apiRequest<PublicProduct>(`/v1/products/${id}`, { defaultMessage: /*i18n*/ 'Failed to fetch item', signal }),
    ),
  );
  const checked = new Map<number, CheckedItem>();
  results.forEach((result, index) => {
    const id = ids[index] as number;
    if (result.status === 'fulfilled') {
      const product = result.value;
      checked.set(id, { availability: availabilityOf(product), product });
    } else {
      const gone = result.reason instanceof ApiError && result.reason.status === 404;
      checked.set(id, { availability: gone ? 'gone' : 'unknown', product: null });
    }
  });
  return checked;
}

/** Whether an item can go into an order ('unknown' goes: the server has the last word). */
export function canOrder(availability: Availability | undefined): boolean {
  return availability === 'available' || availability === 'unknown' || availability === undefined;
}
