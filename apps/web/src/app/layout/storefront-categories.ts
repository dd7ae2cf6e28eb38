import { CATEGORY_SHORTCUTS, type StorefrontCategory } from '@marketplace/shared';
import { apiRequest } from '../../lib/api-client';
import { useAsync } from '../../lib/use-async';

/**
 * The storefront's categories (docs/product.md#public-shell): the spec's six shortcuts first, in its order,
 * then every other category with an item on sale, by name. Until the list arrives, or when it cannot, the
 * six alone. One key for the server's render and the browser (docs/architecture.md#server-rendering).
 */
export function useStorefrontCategories(): readonly string[] {
  const listed = useAsync('storefront-categories', (signal) =>
    apiRequest<{ categories: StorefrontCategory[] }>('/v1/categories', {
      defaultMessage: 'Failed to fetch categories',
      signal,
    }),
  );
  if (listed.status !== 'success') return CATEGORY_SHORTCUTS;
  const fixed = new Set(CATEGORY_SHORTCUTS.map((name) => name.toLowerCase()));
  const others = listed.data.categories.map((c) => c.name).filter((name) => !fixed.has(name.toLowerCase()));
  return [...CATEGORY_SHORTCUTS, ...others];
}
