import type { RefundMethod, ReturnReason, ReturnStatus, ReturnWayBack } from '@marketplace/shared';
import type { BadgeTone } from '../components/ui';
import type { ReturnAction } from './api';

// The status and kind names are the products section's too (an item's history): shared from admin/components.
export { RETURN_KIND_LABELS, RETURN_STATUS_LABELS } from '../components/return-labels';

/** Yellow: the shop's move; blue: with the repairer; green: settled for the buyer; red: refused. */
export const RETURN_STATUS_TONES: Record<ReturnStatus, BadgeTone> = {
  requested: 'yellow',
  received: 'yellow',
  in_repair: 'blue',
  repaired: 'yellow',
  handed_over: 'green',
  refunded: 'green',
  replaced: 'green',
  declined: 'red',
};

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  not_as_described: 'Not as described',
  not_working: 'Does not work',
  damaged: 'Damaged on arrival',
  other: 'Other',
};

export const WAY_BACK_LABELS: Record<ReturnWayBack, string> = {
  bring: 'The buyer brings it to the shop',
  driver: "The shop's driver fetches it",
  coach: 'By coach',
};

export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  original: 'Original payment',
  cash: 'Cash at the counter',
};

export const RETURN_ACTION_LABELS: Record<ReturnAction, string> = {
  receive: 'Receive',
  refund: 'Refund',
  send: 'Send for repair',
  back: 'Back from repair',
  hand_over: 'Handed over',
  replace: 'Replace',
  decline: 'Decline',
  'write-off': 'Write off',
};

/**
 * The steps each status allows (docs/decisions/0099): the item is received, then one outcome; a repaired one is
 * handed back; an item that came back for good (refunded, replaced) may be written off. The first is the way forward.
 */
export const RETURN_ACTIONS_BY_STATUS: Record<ReturnStatus, readonly ReturnAction[]> = {
  requested: ['receive'],
  received: ['refund', 'send', 'replace', 'decline'],
  in_repair: ['back'],
  repaired: ['hand_over'],
  handed_over: [],
  refunded: ['write-off'],
  replaced: ['write-off'],
  declined: [],
};
