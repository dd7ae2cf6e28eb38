import type { ReturnKind, ReturnStatus } from '@marketplace/shared';

// A return's status and kind as staff read them: on the Returns screens and in an item's history on its product page.

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  received: 'Received',
  in_repair: 'In repair',
  repaired: 'Back from repair',
  handed_over: 'Handed over',
  refunded: 'Refunded',
  replaced: 'Replaced',
  declined: 'Declined',
};

export const RETURN_KIND_LABELS: Record<ReturnKind, string> = { return: 'Return', warranty: 'Warranty' };
