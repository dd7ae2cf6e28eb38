import { queryOptions } from '@tanstack/react-query';
import type { StockMoves } from '@marketplace/shared';
import { adminRequest } from '../api';

// Moving an item between shops (docs/decisions/0062): the product page's "Shop moves" card and the Transfers
// screen both move items, so the calls live here rather than in either section.

export const MOVE_ERRORS = {
  load: 'Failed to fetch the item’s moves',
  move: 'Failed to move the item',
  receive: 'Failed to mark the item received',
  cancel: 'Failed to cancel the move',
} as const;

/** Under 'products': whatever refreshes the products refreshes their moves too. */
export const moveKeys = {
  products: ['products'] as const,
  of: (id: number) => ['products', 'moves', id] as const,
};

export const productMovesQuery = (id: number) =>
  queryOptions({
    queryKey: moveKeys.of(id),
    queryFn: ({ signal }) =>
      adminRequest<StockMoves>(`/admin/products/${id}/moves`, { defaultMessage: MOVE_ERRORS.load, signal }),
    meta: { defaultMessage: MOVE_ERRORS.load },
  });

/** Sends the item to another shop (decision 0062); a 409 says an open order reserves it. */
export function startMove(id: number, shopId: number): Promise<StockMoves> {
  return adminRequest<StockMoves>(`/admin/products/${id}/move`, {
    method: 'POST',
    body: { shop_id: shopId },
    defaultMessage: MOVE_ERRORS.move,
  });
}

/** Ends the open move: received makes it the destination's stock; cancelled leaves it where it was. */
export function endMove(id: number, step: 'receive' | 'cancel'): Promise<StockMoves> {
  return adminRequest<StockMoves>(`/admin/products/${id}/move/${step}`, {
    method: 'POST',
    defaultMessage: MOVE_ERRORS[step],
  });
}
