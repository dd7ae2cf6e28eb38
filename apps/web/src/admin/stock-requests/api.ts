import { queryOptions } from '@tanstack/react-query';
import type { AdminStockRequest, MovingItem } from '@marketplace/shared';
import { adminRequest } from '../api';

export const STOCK_REQUEST_ERRORS = {
  list: 'Failed to fetch transfer requests',
  moving: 'Failed to fetch the items on their way',
  decide: 'Failed to answer the request',
} as const;

type StockRequestList = { transfer_requests: AdminStockRequest[] };

export const stockRequestKeys = { all: ['transfer-requests'] as const, moving: ['moves', 'in-transit'] as const };

/** Items on their way between shops (for Shop staff: leaving or reaching theirs). */
export const movingQuery = () =>
  queryOptions({
    queryKey: stockRequestKeys.moving,
    queryFn: ({ signal }) =>
      adminRequest<{ moves: MovingItem[] }>('/admin/moves', { defaultMessage: STOCK_REQUEST_ERRORS.moving, signal }),
    meta: { defaultMessage: STOCK_REQUEST_ERRORS.moving },
  });

export const stockRequestsQuery = () =>
  queryOptions({
    queryKey: stockRequestKeys.all,
    queryFn: ({ signal }) =>
      adminRequest<StockRequestList>('/admin/transfer-requests', { defaultMessage: STOCK_REQUEST_ERRORS.list, signal }),
    meta: { defaultMessage: STOCK_REQUEST_ERRORS.list },
  });

/** Accept (starts the move) or decline with a reason; the buyer hears by SMS. Answers the open requests left. */
export function decideStockRequest(id: number, decision: { accept: true } | { accept: false; reason: string }) {
  return adminRequest<StockRequestList>(`/admin/transfer-requests/${id}/${decision.accept ? 'accept' : 'decline'}`, {
    method: 'POST',
    ...(decision.accept ? {} : { body: { reason: decision.reason } }),
    defaultMessage: STOCK_REQUEST_ERRORS.decide,
  });
}
