import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ConditionGrade,
  DeviceInput,
  PaySellerRequest,
  CameBack,
  PaymentOptions,
  SellerRequest,
  sellerRequestListSchema,
  StaffEstimates,
} from '@marketplace/shared';
import type { z } from 'zod';
import type { UploadWatch } from '../../lib/upload';
import { adminRequest, adminUpload, query } from '../api';

export type SellerRequestList = z.infer<typeof sellerRequestListSchema>;

/** Seller requests are listed 5 per page. */
export const SELLER_REQUESTS_PAGE_SIZE = 5;
/** docs/product.md#error-catalogue; actions with no default there say what failed the same way. */
export const SELLER_ERRORS = {
  list: 'Failed to fetch sellers',
  one: 'Failed to fetch seller',
  create: 'Failed to create seller request',
  approve: 'Failed to approve seller request',
  offer: 'Failed to make seller offer',
  addToInventory: 'Failed to add item to inventory',
  recordAcceptance: "Failed to record the seller's acceptance",
  counter: 'Failed to make counter offer',
  reject: 'Failed to reject seller request',
  delete: 'Failed to delete seller request',
  condition: "Failed to save the item's condition",
  pay: 'Failed to pay the seller',
  paymentOptions: 'Failed to fetch the payment options',
  estimates: 'Failed to fetch the price estimates',
  device: 'Failed to save the device',
  archive: 'Failed to archive seller request',
  unarchive: 'Failed to bring the seller request back',
  cameBack: "Failed to fetch the seller's returned items",
} as const;

/** `archived`: the archived requests only (docs/decisions/0082). */
type Page = { offset: number; search: string; archived?: boolean };

export const sellerRequestKeys = {
  all: ['seller-requests'] as const,
  page: (page: Page) => [...sellerRequestKeys.all, 'page', page] as const,
  one: (id: string) => [...sellerRequestKeys.all, 'one', id] as const,
  paymentOptions: ['payment-options'] as const,
  cameBack: (id: number) => [...sellerRequestKeys.all, 'came-back', id] as const,
  estimates: (id: number, categoryId: number | null) =>
    [...sellerRequestKeys.all, 'estimates', id, categoryId] as const,
};

/**
 * One page of the list; the page shown stays while the next one loads. `search`: a reference, a phone
 * number or an email, matched exactly by the server; '' lists them all.
 */
export const sellerRequestsPageQuery = (page: Page) =>
  queryOptions({
    queryKey: sellerRequestKeys.page(page),
    queryFn: ({ signal }) =>
      adminRequest<SellerRequestList>(
        `/admin/seller-requests${query({
          limit: SELLER_REQUESTS_PAGE_SIZE,
          offset: page.offset,
          search: page.search,
          archived: page.archived ? 'true' : undefined,
        })}`,
        {
          defaultMessage: SELLER_ERRORS.list,
          signal,
        },
      ),
    placeholderData: keepPreviousData,
    meta: { defaultMessage: SELLER_ERRORS.list },
  });

/** The detail screen says 'not found' itself. */
export const sellerRequestQuery = (id: string) =>
  queryOptions({
    queryKey: sellerRequestKeys.one(id),
    queryFn: ({ signal }) =>
      adminRequest<SellerRequest>(`/admin/seller-requests/${encodeURIComponent(id)}`, {
        defaultMessage: SELLER_ERRORS.one,
        signal,
      }),
    meta: { defaultMessage: SELLER_ERRORS.one, notFoundInline: true },
  });

/**
 * What sellers were paid and buyers paid for comparable items (docs/decisions/0055); `categoryId`: the category
 * chosen in Add to Inventory, null for any.
 */
/** How many of the seller's items sold lately came back (issue 38): the same seller's next offer weighs it. */
export const cameBackQuery = (id: number) =>
  queryOptions({
    queryKey: sellerRequestKeys.cameBack(id),
    queryFn: ({ signal }) =>
      adminRequest<CameBack>(`/admin/seller-requests/${id}/came-back`, {
        defaultMessage: SELLER_ERRORS.cameBack,
        signal,
      }),
    staleTime: 60_000,
    meta: { defaultMessage: SELLER_ERRORS.cameBack },
  });

export const requestEstimatesQuery = (id: number, categoryId: number | null) =>
  queryOptions({
    queryKey: sellerRequestKeys.estimates(id, categoryId),
    queryFn: ({ signal }) =>
      adminRequest<StaffEstimates>(`/admin/seller-requests/${id}/estimates${query({ category_id: categoryId })}`, {
        defaultMessage: SELLER_ERRORS.estimates,
        signal,
      }),
    staleTime: 60_000,
    meta: { defaultMessage: SELLER_ERRORS.estimates },
  });

/** Staff set or correct the grade (null: not graded); answers the request as it is now. */
export function setRequestCondition(id: number, condition: ConditionGrade | null): Promise<SellerRequest> {
  return adminRequest<SellerRequest>(`/admin/seller-requests/${id}/condition`, {
    method: 'PUT',
    body: { condition },
    defaultMessage: SELLER_ERRORS.condition,
  });
}

/** The device's IMEIs and CEIR check (decision 0057); answers the request as it is now. */
export function setRequestDevice(id: number, device: DeviceInput): Promise<SellerRequest> {
  return adminRequest<SellerRequest>(`/admin/seller-requests/${id}/device`, {
    method: 'PUT',
    body: device,
    defaultMessage: SELLER_ERRORS.device,
  });
}

/** Whether mobile money can be sent (a gateway is configured); a cash payout needs none. */
export const paymentOptionsQuery = () =>
  queryOptions({
    queryKey: sellerRequestKeys.paymentOptions,
    queryFn: ({ signal }) =>
      adminRequest<PaymentOptions>('/v1/payment-options', { defaultMessage: SELLER_ERRORS.paymentOptions, signal }),
    staleTime: Infinity,
    meta: { defaultMessage: SELLER_ERRORS.paymentOptions },
  });

/** Pays the seller the buying price (the server's, never sent); answers the request with its payout. */
export function paySeller(id: number, body: PaySellerRequest): Promise<SellerRequest> {
  return adminRequest<SellerRequest>(`/admin/seller-requests/${id}/pay`, {
    method: 'POST',
    body,
    defaultMessage: SELLER_ERRORS.pay,
  });
}

/** Multipart, the item submission fields (admin wording) and `images`; answers the new request. */
export function createSellerRequest(form: FormData, watch: UploadWatch): Promise<SellerRequest> {
  return adminUpload<SellerRequest>(
    '/admin/seller-requests',
    { method: 'POST', form, defaultMessage: SELLER_ERRORS.create },
    watch,
  );
}

const post = (path: string, defaultMessage: string, json?: unknown) =>
  adminRequest<SellerRequest>(path, { method: 'POST', body: json, defaultMessage });

/** Each action answers the request as it is now. */
export const sellerActions = {
  approve: (id: number) => post(`/admin/seller-requests/${id}/approved`, SELLER_ERRORS.approve),
  reject: (id: number, body: { reason: string }) =>
    post(`/admin/seller-requests/${id}/denied`, SELLER_ERRORS.reject, body),
  offer: (id: number, body: { price: number; reason: string }) =>
    post(`/admin/seller-requests/${id}/offer`, SELLER_ERRORS.offer, body),
  counter: (id: number, body: { counter_price: number; reason: string }) =>
    post(`/admin/counter-offer/${id}`, SELLER_ERRORS.counter, body),
  recordAcceptance: (id: number, body: { note: string }) =>
    post(`/admin/seller-requests/${id}/seller-accepted`, SELLER_ERRORS.recordAcceptance, body),
  addToInventory: (
    id: number,
    body: {
      shop_id: number;
      category_id: number;
      price: number;
      brand?: string | null;
      storage_gb?: number | null;
      ram_gb?: number | null;
    },
  ) =>
    post(`/admin/seller-requests/${id}/add-to-inventory`, SELLER_ERRORS.addToInventory, {
      ...body,
      seller_request_id: id,
      publish_product: true,
    }),
  archive: (id: number) => post(`/admin/seller-requests/${id}/archive`, SELLER_ERRORS.archive),
  unarchive: (id: number) => post(`/admin/seller-requests/${id}/unarchive`, SELLER_ERRORS.unarchive),
  delete: (id: number) =>
    adminRequest<void>(`/admin/seller-requests/${id}`, { method: 'DELETE', defaultMessage: SELLER_ERRORS.delete }),
};
