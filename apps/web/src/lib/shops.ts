import type { Shop } from '@marketplace/shared';
import { apiRequest } from './api-client';

export const SHOPS_FAILED = /*i18n*/ 'We could not load the shop list just now. Please try again in a moment.';

/** The partner shops, from the API: an address or opening hours changed in the back-office show at once. */
export function loadShops(signal: AbortSignal) {
  return apiRequest<{ shops: Shop[] }>('/v1/shops?limit=100', { defaultMessage: SHOPS_FAILED, signal });
}
