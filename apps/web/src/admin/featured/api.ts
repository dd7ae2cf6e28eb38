import type { AdminFeatured } from '@marketplace/shared';
import { adminRequest, rowsPageQuery, type PageWindow } from '../api';

export const FEATURED_PAGE_SIZE = 50;
export const FEATURED_ERRORS = {
  list: 'Failed to fetch featured products',
  remove: 'Failed to delete featured product',
} as const;

export const featuredKeys = {
  all: ['featured'] as const,
  page: (page: PageWindow) => [...featuredKeys.all, 'page', page] as const,
};

export const featuredPageQuery = (page: PageWindow) =>
  rowsPageQuery<AdminFeatured>({
    queryKey: featuredKeys.page(page),
    path: '/admin/featured-products',
    keys: ['featured_products', 'products'],
    params: page,
    defaultMessage: FEATURED_ERRORS.list,
  });

export function removeFeatured(productId: number): Promise<void> {
  return adminRequest<void>(`/admin/featured-products/${productId}`, {
    method: 'DELETE',
    defaultMessage: FEATURED_ERRORS.remove,
  });
}
