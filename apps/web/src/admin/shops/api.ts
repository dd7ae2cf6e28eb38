import { queryOptions } from '@tanstack/react-query';
import type { Shop, ShopInput } from '@marketplace/shared';
import { adminRequest } from '../api';
import { SHOPS_LIST_ERROR, shopKeys } from '../components/catalogue-options';

export const SHOPS_PAGE_SIZE = 5;
export const SHOPS_ERRORS = {
  list: SHOPS_LIST_ERROR,
  one: 'Failed to fetch shop',
  create: 'Failed to create shop',
  update: 'Failed to update shop',
  remove: 'Failed to delete shop',
} as const;

export const shopQuery = (id: string) =>
  queryOptions({
    queryKey: shopKeys.one(id),
    queryFn: ({ signal }) =>
      adminRequest<Shop>(`/admin/shops/${encodeURIComponent(id)}`, { defaultMessage: SHOPS_ERRORS.one, signal }),
    meta: { defaultMessage: SHOPS_ERRORS.one },
  });

export function createShop(input: ShopInput): Promise<Shop> {
  return adminRequest<Shop>('/admin/shops', { method: 'POST', body: input, defaultMessage: SHOPS_ERRORS.create });
}

export function updateShop(id: number, input: ShopInput): Promise<Shop> {
  return adminRequest<Shop>(`/admin/shops/${id}`, { method: 'PUT', body: input, defaultMessage: SHOPS_ERRORS.update });
}

export function deleteShop(id: number): Promise<void> {
  return adminRequest<void>(`/admin/shops/${id}`, { method: 'DELETE', defaultMessage: SHOPS_ERRORS.remove });
}
