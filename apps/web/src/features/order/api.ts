import type { PayOrderRequest, PublicOrder, ResendOrderLink } from '@marketplace/shared';
import { apiRequest } from '../../lib/api-client';

export const ORDER_NOT_FOUND = /*i18n*/ 'Order not found';

export async function fetchOrder(token: string, signal: AbortSignal): Promise<PublicOrder> {
  return apiRequest<PublicOrder>(`/v1/orders/${encodeURIComponent(token)}`, {
    defaultMessage: 'Could not load your order',
    signal,
  });
}

/** The buyer cancels; the cancelled order comes back. A 409 says it can no longer be cancelled. */
export async function cancelOrder(token: string, reason: string): Promise<PublicOrder> {
  return apiRequest<PublicOrder>(`/v1/orders/${encodeURIComponent(token)}/cancel`, {
    method: 'POST',
    body: reason.trim() ? { reason: reason.trim() } : {},
    defaultMessage: /*i18n*/ 'Could not cancel the order. Please try again.',
  });
}

/**
 * POST /v1/orders/{token}/pay: a new mobile-money attempt, or paying at the shop instead (which may first need
 * the phone proved: a 403 phone_unverified). The order comes back as it is now.
 */
export async function payOrder(token: string, body: PayOrderRequest): Promise<PublicOrder> {
  return apiRequest<PublicOrder>(`/v1/orders/${encodeURIComponent(token)}/pay`, {
    method: 'POST',
    body,
    defaultMessage: /*i18n*/ 'Could not change the payment. Please try again.',
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
