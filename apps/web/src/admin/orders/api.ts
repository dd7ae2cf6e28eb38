import type { AdminOrder, adminOrderListSchema, OrderStatus, PaymentMethod, Shop, StaffOrderAction } from '@marketplace/shared';
import type { z } from 'zod';
import { adminRequest, fetchAll, query } from '../api';

export type OrderList = z.infer<typeof adminOrderListSchema>;

export const ORDERS_PAGE_SIZE = 20;
export const ORDER_ERRORS = {
  list: 'Failed to fetch orders',
  one: 'Failed to fetch order',
  shops: 'Failed to fetch shops',
  confirm: 'Failed to confirm order',
  ready: 'Failed to update order',
  complete: 'Failed to complete order',
  cancel: 'Failed to cancel order',
} as const;

export interface OrderFilters {
  status: OrderStatus | null;
  shopId: number | null;
}

export function fetchOrders(filters: OrderFilters, page: { limit: number; offset: number }, signal?: AbortSignal): Promise<OrderList> {
  const search = query({ status: filters.status, shop_id: filters.shopId, limit: page.limit, offset: page.offset });
  return adminRequest<OrderList>(`/admin/orders${search}`, { defaultMessage: ORDER_ERRORS.list, signal });
}

export function fetchOrder(id: string, signal?: AbortSignal): Promise<AdminOrder> {
  return adminRequest<AdminOrder>(`/admin/orders/${encodeURIComponent(id)}`, { defaultMessage: ORDER_ERRORS.one, signal });
}

/** The shop filter's choices. Fetched here rather than through the shops section: sections stay apart. */
export function fetchShopChoices(signal?: AbortSignal): Promise<{ id: number; name: string }[]> {
  return fetchAll<Shop>('/admin/shops', 'shops', 100, ORDER_ERRORS.shops, signal).then((shops) =>
    shops.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
  );
}

export interface CompleteBody {
  payment_method: PaymentMethod;
  payment_reference?: string;
}

const post = (id: number, action: StaffOrderAction, json?: unknown) =>
  adminRequest<AdminOrder>(`/admin/orders/${id}/${action}`, { method: 'POST', json, defaultMessage: ORDER_ERRORS[action] });

type Seen = Pick<AdminOrder, 'id' | 'version'>;

/**
 * Each action answers the order as it is now. The version on screen goes along, so a step taken on a
 * stale screen (someone else acted meanwhile) is refused rather than applied to an order nobody saw.
 */
export const orderActions = {
  confirm: (order: Seen) => post(order.id, 'confirm', { version: order.version }),
  ready: (order: Seen) => post(order.id, 'ready', { version: order.version }),
  complete: (order: Seen, body: CompleteBody) => post(order.id, 'complete', { ...body, version: order.version }),
  cancel: (order: Seen, body: { reason: string }) => post(order.id, 'cancel', { ...body, version: order.version }),
};
