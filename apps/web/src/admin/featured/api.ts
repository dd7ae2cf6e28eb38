import type { AdminFeatured } from '@marketplace/shared';
import { adminRequest, query } from '../api';

export const FEATURED_PAGE_SIZE = 50;
export const FEATURED_ERRORS = {
  list: 'Failed to fetch featured products',
  remove: 'Failed to delete featured product',
} as const;

export interface FeaturedPage {
  items: AdminFeatured[];
  total: number;
}

export async function fetchFeatured(page: { limit: number; offset: number }, signal?: AbortSignal): Promise<FeaturedPage> {
  const body = await adminRequest<AdminFeatured[] | { featured_products?: AdminFeatured[]; products?: AdminFeatured[]; total?: number }>(
    `/admin/featured-products${query(page)}`,
    { defaultMessage: FEATURED_ERRORS.list, signal },
  );
  if (Array.isArray(body)) return { items: body, total: body.length };
  const items = body.featured_products ?? body.products ?? [];
  return { items, total: body.total ?? items.length };
}

export function removeFeatured(productId: number): Promise<void> {
  return adminRequest<void>(`/admin/featured-products/${productId}`, { method: 'DELETE', defaultMessage: FEATURED_ERRORS.remove });
}
