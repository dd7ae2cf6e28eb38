import type { PublicProduct } from '@marketplace/shared';
import { apiList, isNotFoundError } from '../../lib/api-client';
import { setInterest } from '../../lib/interest-api';
import { forgetItem } from '../../lib/saved-items';
import { visitorId } from '../../lib/visitor-id';

/** How many ids one `?ids=` call may name. */
const IDS_PER_CALL = 50;

/**
 * Today's listings of the given items, by id; an id missing from the answer is no longer listed. Any
 * failed call fails the whole check, so a network error is never taken for items that went away.
 */
export async function fetchListed(ids: readonly number[], signal: AbortSignal): Promise<Map<number, PublicProduct>> {
  const calls = [];
  for (let start = 0; start < ids.length; start += IDS_PER_CALL) {
    const chunk = ids.slice(start, start + IDS_PER_CALL);
    calls.push(
      apiList<PublicProduct>(`/v1/products?ids=${chunk.join(',')}`, ['products'], {
        defaultMessage: 'Failed to fetch items',
        signal,
      }),
    );
  }
  const pages = await Promise.all(calls);
  return new Map(pages.flatMap((page) => page.items).map((product) => [product.id, product]));
}

/** Takes the item off the saved list and this browser's interest off its watcher count. */
export async function removeSaved(id: number): Promise<void> {
  try {
    await setInterest(id, false, visitorId());
  } catch (error) {
    // An item no longer listed has no count to take back.
    if (!isNotFoundError(error)) throw error;
  }
  forgetItem(id);
}
