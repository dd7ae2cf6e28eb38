import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminFeatured } from '@marketplace/shared';
import { adminList, adminRequest, query } from '../api';

export const FEATURED_PAGE_SIZE = 50;
export const FEATURED_ERRORS = {
  list: 'Failed to fetch featured products',
  remove: 'Failed to delete featured product',
} as const;

export interface FeaturedPage {
  items: AdminFeatured[];
  total: number;
}

type Page = { limit: number; offset: number };

export const featuredKeys = {
  all: ['featured'] as const,
  page: (page: Page) => [...featuredKeys.all, 'page', page] as const,
};

/** One page of the list; the page shown stays while the next one loads. */
export const featuredPageQuery = (page: Page) =>
  queryOptions({
    queryKey: featuredKeys.page(page),
    queryFn: async ({ signal }): Promise<FeaturedPage> => {
      const { items, total } = await adminList<AdminFeatured>(
        `/admin/featured-products${query(page)}`,
        ['featured_products', 'products'],
        {
          defaultMessage: FEATURED_ERRORS.list,
          signal,
        },
      );
      return { items, total: total ?? items.length };
    },
    placeholderData: keepPreviousData,
    meta: { defaultMessage: FEATURED_ERRORS.list },
  });

export function removeFeatured(productId: number): Promise<void> {
  return adminRequest<void>(`/admin/featured-products/${productId}`, {
    method: 'DELETE',
    defaultMessage: FEATURED_ERRORS.remove,
  });
}
