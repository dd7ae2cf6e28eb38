import type { PublicOrder, ResendOrderLink } from '@marketplace/shared';
import { apiRequest } from '../../lib/api-client';

export const ORDER_NOT_FOUND = /*i18n*/ 'Order not found';

/** The buyer cancels; the cancelled order comes back. A 409 says it can no longer be cancelled. */
export async function cancelOrder(token: string, reason: string): Promise<PublicOrder> {
  return apiRequest<PublicOrder>(`/v1/orders/${encodeURIComponent(token)}/cancel`, {
    method: 'POST',
    body: reason.trim() ? { reason: reason.trim() } : {},
    defaultMessage: /*i18n*/ 'Could not cancel the order. Please try again.',
  });
}

/** "Lost your order link?": answered the same whatever happened; the link goes by SMS to the order's phone. */
export async function resendOrderLink(body: ResendOrderLink): Promise<void> {
  await apiRequest<unknown>('/v1/orders/resend', {
    method: 'POST',
    body,
    defaultMessage: /*i18n*/ 'Could not send the link. Please try again.',
  });
}
