import { queryOptions } from '@tanstack/react-query';
import type { Category, Shop } from '@marketplace/shared';
import { fetchAll } from '../api';

// Shops and categories are offered by several sections (product forms, the order filter, add to
// inventory) besides their own: their queries live here, so no section reaches into another.

export const SHOPS_LIST_ERROR = 'Failed to fetch shops';
/** Categories are fetched 100 at a time (docs/decisions/0024). */
const CATEGORIES_LIMIT = 100;
export const CATEGORIES_LIST_ERROR = 'Failed to fetch categories';
const SHOPS_BATCH = 100;
// They change rarely and only here: kept for five minutes, and asked again at once after a write to them.
const SHARED_STALE_MS = 5 * 60_000;

export const shopKeys = {
  all: ['shops'] as const,
  list: () => [...shopKeys.all, 'list'] as const,
  one: (id: string) => [...shopKeys.all, 'one', id] as const,
};

export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
  one: (id: string) => [...categoryKeys.all, 'one', id] as const,
};

/** Every shop (pages of 100): the shops list pages them 5 at a time on the client, forms offer them in a select. */
export const allShopsQuery = () =>
  queryOptions({
    queryKey: shopKeys.list(),
    queryFn: ({ signal }) =>
      fetchAll<Shop>('/admin/shops', { key: 'shops', limit: SHOPS_BATCH, defaultMessage: SHOPS_LIST_ERROR, signal }),
    staleTime: SHARED_STALE_MS,
    meta: { defaultMessage: SHOPS_LIST_ERROR },
  });

/**
 * Every shop an item can be moved to: the public list, since Shop staff's own list holds their shop only
 * (docs/decisions/0061) and a move goes to another.
 */
export const destinationShopsQuery = () =>
  queryOptions({
    queryKey: [...shopKeys.all, 'destinations'] as const,
    queryFn: ({ signal }) =>
      fetchAll<Shop>('/v1/shops', { key: 'shops', limit: SHOPS_BATCH, defaultMessage: SHOPS_LIST_ERROR, signal }),
    staleTime: SHARED_STALE_MS,
    meta: { defaultMessage: SHOPS_LIST_ERROR },
  });

/** Every category, 100 at a time. */
export const allCategoriesQuery = () =>
  queryOptions({
    queryKey: categoryKeys.list(),
    queryFn: ({ signal }) =>
      fetchAll<Category>('/admin/categories', {
        key: 'categories',
        limit: CATEGORIES_LIMIT,
        defaultMessage: CATEGORIES_LIST_ERROR,
        signal,
      }),
    staleTime: SHARED_STALE_MS,
    meta: { defaultMessage: CATEGORIES_LIST_ERROR },
  });
