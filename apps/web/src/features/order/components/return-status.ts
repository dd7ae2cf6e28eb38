import type { I18n } from '@lingui/core';
import { formatMoney, type BuyerReturn, type ReturnStatus } from '@marketplace/shared';

/** A request's status in the buyer's words: what happened to the item, with the amount or the shop's reason. */
export function returnStatusText(i18n: I18n, request: BuyerReturn): string {
  switch (request.status) {
    case 'requested':
      return i18n._('Requested');
    case 'received':
      return i18n._('Received at the shop');
    case 'in_repair':
      return i18n._('Being repaired');
    case 'repaired':
      return i18n._('Ready to collect');
    case 'handed_over':
      return i18n._('Handed back');
    case 'refunded':
      return request.refund_amount === null
        ? i18n._('Refunded')
        : i18n._('Refunded {amount}', { amount: formatMoney(request.refund_amount) });
    case 'replaced':
      return i18n._('Replaced');
    case 'declined':
      return request.decline_reason
        ? i18n._('Declined: {reason}', { reason: request.decline_reason })
        : i18n._('Declined');
  }
}

// Shared's OPEN_RETURN_STATUSES lives beside the zod schemas: read from there, the order page would fetch zod with
// every order. The test holds the two equal.
const STILL_OPEN: Record<ReturnStatus, boolean> = {
  requested: true,
  received: true,
  in_repair: true,
  repaired: true,
  handed_over: false,
  refunded: false,
  replaced: false,
  declined: false,
};

/** Still being worked by the shop: no second request for the item meanwhile. */
export const isOpenReturn = (status: ReturnStatus): boolean => STILL_OPEN[status];
