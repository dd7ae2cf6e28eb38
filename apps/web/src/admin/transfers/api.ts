import { queryOptions } from '@tanstack/react-query';
import type { AdminTransferRequest, MovingItem } from '@marketplace/shared';
import { adminRequest } from '../api';

export const TRANSFER_ERRORS = {
  list: 'Failed to fetch transfer requests',
  moving: 'Failed to fetch the items on their way',
  decide: 'Failed to answer the request',
} as const;

type TransferList = { transfer_requests: AdminTransferRequest[] };

export const transferKeys = { all: ['transfer-requests'] as const, moving: ['moves', 'in-transit'] as const };

/** Items on their way between shops (for Shop staff: leaving or reaching theirs). */
export const movingQuery = () =>
  queryOptions({
    queryKey: transferKeys.moving,
    queryFn: ({ signal }) =>
      adminRequest<{ moves: MovingItem[] }>('/admin/moves', { defaultMessage: TRANSFER_ERRORS.moving, signal }),
    meta: { defaultMessage: TRANSFER_ERRORS.moving },
  });

export const transfersQuery = () =>
  queryOptions({
    queryKey: transferKeys.all,
    queryFn: ({ signal }) =>
      adminRequest<TransferList>('/admin/transfer-requests', { defaultMessage: TRANSFER_ERRORS.list, signal }),
    meta: { defaultMessage: TRANSFER_ERRORS.list },
  });

/** Accept (starts the move) or decline with a reason; the buyer hears by SMS. Answers the open requests left. */
export function decideTransfer(id: number, decision: { accept: true } | { accept: false; reason: string }) {
  return adminRequest<TransferList>(`/admin/transfer-requests/${id}/${decision.accept ? 'accept' : 'decline'}`, {
    method: 'POST',
    ...(decision.accept ? {} : { body: { reason: decision.reason } }),
    defaultMessage: TRANSFER_ERRORS.decide,
  });
}
