import type { AlertRequest, AlertSet } from '@marketplace/shared';
import { apiRequest } from './api-client';

const ALERT_ERROR = /*i18n*/ 'Your alert could not be set. Please try again.';
const STOP_ERROR = /*i18n*/ 'We could not stop the alerts. Please try again.';

/** What an alert is about: a saved item, or a search with the list's filters (docs/product.md#alerts). */
export type AlertTarget =
  { kind: 'item'; product_id: number } | { kind: 'search'; query: string; filters: Record<string, string | undefined> };

/** The request body: the target and the phone's proof, filters as numbers where the API wants them. */
export function alertRequest(target: AlertTarget, proof: Record<string, string>, phone: string): AlertRequest {
  if (target.kind === 'item') return { ...proof, phone, kind: 'item', product_id: target.product_id };
  const { min_price, max_price, town, condition, brand, storage, ram } = target.filters;
  return {
    ...proof,
    phone,
    kind: 'search',
    query: target.query,
    ...(min_price ? { min_price: Number(min_price) } : {}),
    ...(max_price ? { max_price: Number(max_price) } : {}),
    ...(town ? { town } : {}),
    ...(condition ? { condition: condition as AlertRequest['condition'] } : {}),
    ...(brand ? { brand } : {}),
    ...(storage ? { storage } : {}),
    ...(ram ? { ram } : {}),
  };
}

/** POST /v1/alerts: 403 phone_unverified asks for the SMS code first, as the checkout does. */
export function setAlert(body: AlertRequest): Promise<AlertSet> {
  return apiRequest<AlertSet>('/v1/alerts', { method: 'POST', body, defaultMessage: ALERT_ERROR });
}

/** DELETE /v1/alerts/{token}: the stop link's page. Answers alike for any token. */
export async function stopAlerts(token: string): Promise<void> {
  await apiRequest<unknown>(`/v1/alerts/${encodeURIComponent(token)}`, {
    method: 'DELETE',
    defaultMessage: STOP_ERROR,
  });
}
