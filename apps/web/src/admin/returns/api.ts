import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminReturn, adminReturnListSchema, ReturnStatus } from '@marketplace/shared';
import type { z } from 'zod';
import { adminRequest, query, type PageWindow } from '../api';
import type { StatusShopFilters } from '../status-shop-filters';

/** A return as staff see it; after Receive the server may add why the IMEI read at the counter is a worry. */
export type StaffReturn = AdminReturn & { warning?: string };
export type ReturnList = z.infer<typeof adminReturnListSchema>;
export type ReturnFilters = StatusShopFilters<ReturnStatus>;

export const RETURNS_PAGE_SIZE = 20;
export const RETURN_ERRORS = {
  list: 'Failed to fetch returns',
  one: 'Failed to fetch return',
  receive: 'Failed to receive the item',
  refund: 'Failed to refund',
  send: 'Failed to send for repair',
  back: 'Failed to record the item back from repair',
  hand_over: 'Failed to record the hand-over',
  replace: 'Failed to replace the item',
  decline: 'Failed to decline',
  'write-off': 'Failed to write the item off',
} as const;

/** Every step staff take on a return; the three repair steps are one route with a `step`. */
export type ReturnAction = keyof Omit<typeof RETURN_ERRORS, 'list' | 'one'>;
type RepairStep = 'send' | 'back' | 'hand_over';

export const returnKeys = {
  all: ['returns'] as const,
  page: (filters: ReturnFilters, page: PageWindow) => [...returnKeys.all, 'page', filters, page] as const,
  one: (id: string) => [...returnKeys.all, 'one', id] as const,
};

/** One page of the filtered list, newest first; the page shown stays while the next one loads. */
export const returnsPageQuery = (filters: ReturnFilters, page: PageWindow) =>
  queryOptions({
    queryKey: returnKeys.page(filters, page),
    queryFn: ({ signal }) =>
      adminRequest<ReturnList>(
        `/admin/returns${query({ status: filters.status, shop_id: filters.shopId, limit: page.limit, offset: page.offset })}`,
        { defaultMessage: RETURN_ERRORS.list, signal },
      ),
    placeholderData: keepPreviousData,
    meta: { defaultMessage: RETURN_ERRORS.list },
  });

/** The detail screen says 'not found' itself (another shop's return is a 404 too). */
export const returnQuery = (id: string) =>
  queryOptions({
    queryKey: returnKeys.one(id),
    queryFn: ({ signal }) =>
      adminRequest<StaffReturn>(`/admin/returns/${encodeURIComponent(id)}`, {
        defaultMessage: RETURN_ERRORS.one,
        signal,
      }),
    meta: { defaultMessage: RETURN_ERRORS.one, notFoundInline: true },
  });

type Seen = Pick<AdminReturn, 'id' | 'version'>;

// The version on screen goes along, so a step taken on a stale screen can be refused (409) rather than applied.
const post = (seen: Seen, route: string, action: ReturnAction, body: object) =>
  adminRequest<StaffReturn>(`/admin/returns/${seen.id}/${route}`, {
    method: 'POST',
    body: { ...body, version: seen.version },
    defaultMessage: RETURN_ERRORS[action],
  });

const repair = (step: RepairStep) => (seen: Seen) => post(seen, 'repair', step, { step });

/** Each step answers the return as it is now. */
export const returnActions = {
  receive: (seen: Seen, body: { condition: string; imei?: string }) => post(seen, 'receive', 'receive', body),
  refund: (seen: Seen, body: { amount?: number; method: string; reason?: string }) =>
    post(seen, 'refund', 'refund', body),
  send: repair('send'),
  back: repair('back'),
  hand_over: repair('hand_over'),
  replace: (seen: Seen, body: { product_id: number }) => post(seen, 'replace', 'replace', body),
  decline: (seen: Seen, body: { reason: string }) => post(seen, 'decline', 'decline', body),
  'write-off': (seen: Seen, body: { reason: string }) => post(seen, 'write-off', 'write-off', body),
};
