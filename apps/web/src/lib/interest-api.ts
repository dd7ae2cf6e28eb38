import { apiRequest } from './api-client';

export interface InterestResult {
  watchers: number;
  interested: boolean;
}

/** Mark or unmark interest; the server counts this browser once, by its visitor id. */
export async function setInterest(productId: number, interested: boolean, visitorId: string): Promise<InterestResult> {
  return apiRequest<InterestResult>(`/v1/products/${productId}/interest`, {
    method: interested ? 'POST' : 'DELETE',
    body: { visitor_id: visitorId },
    defaultMessage: /*i18n*/ 'Could not save your interest',
  });
}

/** The watcher count now: the page's own answer may be up to a minute behind a count this browser changed. */
export async function currentWatchers(productId: number): Promise<number> {
  const result = await apiRequest<{ watchers: number }>(`/v1/products/${productId}/watchers`, {
    defaultMessage: /*i18n*/ 'Failed to fetch item',
  });
  return result.watchers;
}
