import type { OrderConflict, OrderRequest, PaymentOptions, PlacedOrder } from '@marketplace/shared';
import { ApiError, apiRequest } from '../../lib/api-client';

const ORDER_ERROR = /*i18n*/ 'Your order could not be placed. Please try again.';
const OFFLINE =
  /*i18n*/ 'We could not reach the shop. Check your connection and try again: what you typed is still here.';
const TOO_MANY = /*i18n*/ 'Too many orders from your network just now. Please wait a few minutes and try again.';

/** POST /v1/orders: one order per shop comes back, each with its private token, and the phone's proof if it was proved. */
export async function placeOrder(request: OrderRequest): Promise<{ orders: PlacedOrder[]; phoneToken?: string }> {
  const result = await apiRequest<{ orders?: PlacedOrder[]; phone_token?: unknown }>('/v1/orders', {
    method: 'POST',
    body: request,
    defaultMessage: ORDER_ERROR,
  });
  if (!Array.isArray(result.orders) || result.orders.length === 0) throw new ApiError(ORDER_ERROR, 500);
  return typeof result.phone_token === 'string'
    ? { orders: result.orders, phoneToken: result.phone_token }
    : { orders: result.orders };
}

/** GET /v1/payment-options: the mobile money the buyer may pay with now; none when no gateway is set up. */
export function fetchPaymentOptions(signal: AbortSignal): Promise<PaymentOptions> {
  return apiRequest<PaymentOptions>('/v1/payment-options', { defaultMessage: ORDER_ERROR, signal });
}

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];

/** The 409 answer's details: which items were taken and which prices changed; null for any other failure. */
export function conflictOf(error: unknown): OrderConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.body || typeof error.body !== 'object')
    return null;
  const body = error.body as Record<string, unknown>;
  const changed = Array.isArray(body.changed)
    ? body.changed.filter(
        (c): c is OrderConflict['changed'][number] =>
          !!c && Number.isInteger(c.product_id) && Number.isInteger(c.price),
      )
    : [];
  return { message: error.message, unavailable: ids(body.unavailable), changed };
}

/**
 * What to tell the buyer when the order did not go through (a 409 is explained item by item instead), in
 * English: the page shows it through translateKnown, since it may be the server's own message.
 */
export function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return ORDER_ERROR;
  if (error.status === 0) return OFFLINE;
  if (error.status === 429) return error.message === ORDER_ERROR ? TOO_MANY : error.message;
  if (error.status >= 500) return ORDER_ERROR;
  return error.message;
}
