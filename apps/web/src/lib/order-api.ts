import type { PayOrderRequest, PublicOrder } from '@marketplace/shared';
import { apiRequest } from './api-client';

// The buyer's order as its private link reads it, and the payment's next step: shared by the order page and the
// thank-you page after checkout, which both follow a payment (components/payment).

export async function fetchOrder(token: string, signal: AbortSignal): Promise<PublicOrder> {
  return apiRequest<PublicOrder>(`/v1/orders/${encodeURIComponent(token)}`, {
    defaultMessage: 'Could not load your order',
    signal,
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
