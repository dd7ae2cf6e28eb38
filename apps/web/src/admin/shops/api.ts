import type { Shop, ShopInput } from '@marketplace/shared';
import { adminRequest, fetchAll } from '../api';

export const SHOPS_PAGE_SIZE = 5;
export const SHOPS_ERRORS = {
  list: 'Failed to fetch shops',
  one: 'Failed to fetch shop',
  create: 'Failed to create shop',
  update: 'Failed to update shop',
  remove: 'Failed to delete shop',
} as const;

const BATCH = 100;

/** Every shop (pages of 100): the list pages them 5 at a time on the client, forms offer them in a select. */
export function fetchAllShops(signal?: AbortSignal): Promise<Shop[]> {
  return fetchAll<Shop>('/admin/shops', 'shops', BATCH, SHOPS_ERRORS.list, signal);
}

export function fetchShop(id: string, signal?: AbortSignal): Promise<Shop> {
  return adminRequest<Shop>(`/admin/shops/${encodeURIComponent(id)}`, { defaultMessage: SHOPS_ERRORS.one, signal });
}

export function createShop(input: ShopInput): Promise<Shop> {
  return adminRequest<Shop>('/admin/shops', { method: 'POST', json: input, defaultMessage: SHOPS_ERRORS.create });
}

export function updateShop(id: number, input: ShopInput): Promise<Shop> {
  return adminRequest<Shop>(`/admin/shops/${id}`, { method: 'PUT', json: input, defaultMessage: SHOPS_ERRORS.update });
}

export function deleteShop(id: number): Promise<void> {
  return adminRequest<void>(`/admin/shops/${id}`, { method: 'DELETE', defaultMessage: SHOPS_ERRORS.remove });
}
