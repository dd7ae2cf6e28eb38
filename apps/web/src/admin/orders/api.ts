import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminOrder,
  adminOrderListSchema,
  OrderStatus,
  PaymentMethod,
  StaffOrderAction,
} from '@marketplace/shared';
import type { z } from 'zod';
import { adminRequest, query } from '../api';
import type { StatusShopFilters } from '../status-shop-filters';

export type OrderList = z.infer<typeof adminOrderListSchema>;

export const ORDERS_PAGE_SIZE = 20;
export const ORDER_ERRORS = {
  list: 'Failed to fetch orders',
  one: 'Failed to fetch order',
  confirm: 'Failed to confirm order',
  ready: 'Failed to update order',
  complete: 'Failed to complete order',
  cancel: 'Failed to cancel order',
  refund: 'Failed to retry the refund',
  'release-code-hold': 'Failed to release the order',
} as const;

/**
 * What staff can do on an order: the flow's steps, and (Admin only) sending a failed refund again and releasing an
 * order held after 5 wrong collection codes.
 */
export type OrderDialogAction = StaffOrderAction | 'refund' | 'release-code-hold';

export type OrderFilters = StatusShopFilters<OrderStatus>;

type Page = { limit: number; offset: number };

export const orderKeys = {
  all: ['orders'] as const,
  page: (filters: OrderFilters, page: Page) => [...orderKeys.all, 'page', filters, page] as const,
  one: (id: string) => [...orderKeys.all, 'one', id] as const,
};

/** One page of the filtered list; the page shown stays while the next one loads. */
export const ordersPageQuery = (filters: OrderFilters, page: Page) =>
  queryOptions({
    queryKey: orderKeys.page(filters, page),
    queryFn: ({ signal }) =>
      adminRequest<OrderList>(
        `/admin/orders${query({ status: filters.status, shop_id: filters.shopId, limit: page.limit, offset: page.offset })}`,
        {
          defaultMessage: ORDER_ERRORS.list,
          signal,
        },
      ),
    placeholderData: keepPreviousData,
    meta: { defaultMessage: ORDER_ERRORS.list },
  });

/** The detail screen says 'not found' itself. */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.one(id),
    queryFn: ({ signal }) =>
      adminRequest<AdminOrder>(`/admin/orders/${encodeURIComponent(id)}`, { defaultMessage: ORDER_ERRORS.one, signal }),
    meta: { defaultMessage: ORDER_ERRORS.one, notFoundInline: true },
  });

export interface CompleteBody {
  /** The six digits the buyer tells staff; the server checks them and counts wrong ones (decision 0059). */
  collection_code: string;
  /** Left out for an order paid online: the server takes the payment's method. */
  payment_method?: PaymentMethod;
  payment_reference?: string;
}

export interface CoachSendBody {
  coach_company: string;
  waybill: string;
  coach_fare?: number;
}

const post = (id: number, action: OrderDialogAction, json?: unknown) =>
  adminRequest<AdminOrder>(`/admin/orders/${id}/${action}`, {
    method: 'POST',
    body: json,
    defaultMessage: ORDER_ERRORS[action],
  });

type Seen = Pick<AdminOrder, 'id' | 'version'>;

/**
 * Each action answers the order as it is now. The version on screen goes along, so a step taken on a
 * stale screen (someone else acted meanwhile) is refused rather than applied to an order nobody saw.
 */
export const orderActions = {
  confirm: (order: Seen) => post(order.id, 'confirm', { version: order.version }),
  /** A coach order is sent with its coach, waybill and, when staff add it, the fare (decision 0072). */
  ready: (order: Seen, coach?: CoachSendBody) => post(order.id, 'ready', { ...coach, version: order.version }),
  complete: (order: Seen, body: CompleteBody) => post(order.id, 'complete', { ...body, version: order.version }),
  'release-code-hold': (order: Seen) => post(order.id, 'release-code-hold'),
  cancel: (order: Seen, body: { reason: string }) => post(order.id, 'cancel', { ...body, version: order.version }),
  refund: (order: Seen) => post(order.id, 'refund'),
};
