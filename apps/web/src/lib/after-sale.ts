import { DEFAULT_RETURN_DAYS, DEFAULT_WARRANTY_DAYS, type AfterSaleRules } from '@marketplace/shared';
import { apiRequest } from './api-client';
import { useAsync } from './use-async';

/** What the app was built with: stated only when the server's own numbers cannot be had. */
const BUILT_IN: AfterSaleRules = { return_days: DEFAULT_RETURN_DAYS, default_warranty_days: DEFAULT_WARRANTY_DAYS };

/** GET /v1/after-sale: the return window and the default warranty the server applies (decision 0099). */
function loadAfterSaleRules(signal: AbortSignal) {
  return apiRequest<AfterSaleRules>('/v1/after-sale', {
    defaultMessage: 'Failed to fetch the after-sale rules',
    signal,
  });
}

/**
 * The server's after-sale rules, so a page never promises another number than the API applies; null while they
 * load (a server-rendered page has them at once), the built-in defaults if they cannot be loaded.
 */
export function useAfterSaleRules(): AfterSaleRules | null {
  const state = useAsync('after-sale', loadAfterSaleRules);
  if (state.status === 'loading') return null;
  return state.status === 'success' ? state.data : BUILT_IN;
}
