// The order flow, shared by the back-office (which buttons are enabled, which hint shows), the buyer's
// order page (what the status means, whether it can still be cancelled) and the server (which actions
// it accepts and the status each one leads to).

export * from './order-statuses.js';
import { EXPIRABLE_ORDER_STATUSES, isOpenOrder, type OrderStatus } from './order-statuses.js';

/** coach: sent by coach parcel to a town without a shop, collected at the depot (decision 0072). */
export const FULFILMENTS = ['collect', 'delivery', 'coach'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

/** How the back-office names each way of receiving an order. */
export const FULFILMENT_LABELS: Record<Fulfilment, string> = {
  collect: 'Collect',
  delivery: 'Delivery',
  coach: 'Coach',
};

/** The status the order reaches when it leaves the shop's hands, for each way of getting it. */
const ON_ITS_WAY: Record<Fulfilment, OrderStatus> = {
  collect: 'Ready for collection',
  delivery: 'Out for delivery',
  coach: 'Sent',
};

/** Staff actions, plus the buyer's cancel and the reservation's expiry. */
export const ORDER_ACTIONS = ['confirm', 'ready', 'complete', 'cancel', 'buyerCancel', 'expire'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
export type StaffOrderAction = 'confirm' | 'ready' | 'complete' | 'cancel';
export const STAFF_ORDER_ACTIONS: readonly StaffOrderAction[] = ['confirm', 'ready', 'complete', 'cancel'];

export const PAYMENT_METHODS = ['cash', 'airtel_money', 'tnm_mpamba', 'bank'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  airtel_money: 'Airtel Money',
  tnm_mpamba: 'TNM Mpamba',
  bank: 'Bank transfer',
};

export interface OrderFlowState {
  status: string;
  fulfilment: Fulfilment;
}

const FINISHED: Record<string, string> = {
  Completed: /*i18n*/ 'The order is already completed.',
  Cancelled: /*i18n*/ 'The order is cancelled.',
  Expired: /*i18n*/ 'The reservation has expired.',
};

/** Why an action is not allowed now, or null when it is. The server sends this text with its 409. */
export function whyNotOrder(order: OrderFlowState, action: OrderAction): string | null {
  const finished = FINISHED[order.status];
  if (finished) return finished;
  if (!isOpenOrder(order.status)) return /*i18n*/ 'The order is in an unknown state.';
  switch (action) {
    case 'confirm':
      return order.status === 'Placed' ? null : 'The order is already confirmed.';
    case 'ready':
      if (order.status === 'Placed') return 'Confirm the order with the buyer first.';
      if (order.status !== 'Confirmed') return ALREADY[order.fulfilment];
      return null;
    case 'complete':
      if (order.status === 'Placed' || order.status === 'Confirmed') return FIRST[order.fulfilment];
      return null;
    case 'cancel':
      return null;
    case 'buyerCancel':
      // The parcel is on a coach: only the shop can still arrange anything.
      return order.status === 'Sent' ? /*i18n*/ 'The order is already on the coach. Call the shop.' : null;
    case 'expire':
      return (EXPIRABLE_ORDER_STATUSES as readonly string[]).includes(order.status)
        ? null
        : order.status === 'Sent'
          ? 'The order is on the coach.'
          : 'The order is out for delivery.';
  }
}

const ALREADY: Record<Fulfilment, string> = {
  collect: 'The order is already ready for collection.',
  delivery: 'The order is already out for delivery.',
  coach: 'The order is already sent.',
};
const FIRST: Record<Fulfilment, string> = {
  collect: 'Mark the order ready for collection first.',
  delivery: 'Send the order out for delivery first.',
  coach: 'Send the order by coach first.',
};

export function orderActionAllowed(order: OrderFlowState, action: OrderAction): boolean {
  return whyNotOrder(order, action) === null;
}

/** The status an allowed action leads to. */
export function nextOrderStatus(order: OrderFlowState, action: OrderAction): OrderStatus {
  switch (action) {
    case 'confirm':
      return 'Confirmed';
    case 'ready':
      return ON_ITS_WAY[order.fulfilment];
    case 'complete':
      return 'Completed';
    case 'cancel':
    case 'buyerCancel':
      return 'Cancelled';
    case 'expire':
      return 'Expired';
  }
}

/** The back-office button text for each staff action. */
export function orderActionLabel(order: OrderFlowState, action: StaffOrderAction): string {
  switch (action) {
    case 'confirm':
      return 'Confirm (called the buyer)';
    case 'ready':
      return order.fulfilment === 'coach' ? 'Sent by coach' : ON_ITS_WAY[order.fulfilment];
    case 'complete':
      return COMPLETE_LABEL[order.fulfilment];
    case 'cancel':
      return 'Cancel order';
  }
}

const COMPLETE_LABEL: Record<Fulfilment, string> = {
  collect: 'Completed (collected)',
  delivery: 'Completed (delivered)',
  coach: 'Completed (collected from the coach)',
};

const CONFIRMED_HINT: Record<Fulfilment, string> = {
  collect: 'Confirmed: mark it ready when the item is set aside at the counter.',
  delivery: 'Confirmed: send it out for delivery when it leaves the shop.',
  coach: 'Confirmed: take the payment, then send it by coach and record the waybill number.',
};

/** What staff should do next, for the detail screen. */
export function orderStaffHint(order: OrderFlowState): string {
  switch (order.status) {
    case 'Placed':
      return 'New order: call the buyer to confirm it.';
    case 'Confirmed':
      return CONFIRMED_HINT[order.fulfilment];
    case 'Ready for collection':
      return 'Waiting for the buyer to collect and pay at the shop.';
    case 'Out for delivery':
      return 'On its way: complete it when delivered and paid.';
    case 'Sent':
      return 'On the coach: complete it when the buyer has collected it and tells you the code.';
    case 'Completed':
      return 'Completed: the items are sold.';
    case 'Cancelled':
      return 'Cancelled: the items are back on sale.';
    case 'Expired':
      return 'Expired: nobody collected it in time, the items are back on sale.';
    default:
      return '';
  }
}

/** Where the order stands, in plain words for the buyer. */
export function orderBuyerText(order: OrderFlowState & { paid?: boolean }): string {
  // Paid online: nothing is left to pay at the counter or on delivery.
  if (order.paid && order.status === 'Ready for collection')
    return /*i18n*/ 'Your order is ready and paid. Collect it at the shop.';
  if (order.paid && order.status === 'Out for delivery') return /*i18n*/ 'Your order is paid and on its way.';
  if (order.paid && order.status === 'Sent') return /*i18n*/ 'Your order is paid and on the coach.';
  switch (order.status) {
    case 'Placed':
      return /*i18n*/ 'Your items are reserved. The shop will call you to confirm.';
    case 'Confirmed':
      return BUYER_CONFIRMED[order.fulfilment];
    case 'Ready for collection':
      return /*i18n*/ 'Your order is ready. Collect it at the shop and pay at the counter.';
    case 'Out for delivery':
      return /*i18n*/ 'Your order is on its way. Pay when it is delivered.';
    case 'Sent':
      return /*i18n*/ 'Your order is on the coach. Collect it at the depot with the waybill number.';
    case 'Completed':
      return order.fulfilment === 'delivery'
        ? /*i18n*/ 'Delivered and paid. Thank you for buying with us!'
        : /*i18n*/ 'Collected and paid. Thank you for buying with us!';
    case 'Cancelled':
      return /*i18n*/ 'This order was cancelled. The items are back on sale.';
    case 'Expired':
      return /*i18n*/ 'This reservation expired because the order was not collected in time.';
    default:
      return '';
  }
}

const BUYER_CONFIRMED: Record<Fulfilment, string> = {
  collect: /*i18n*/ 'The shop has confirmed your order and is setting your items aside.',
  delivery: /*i18n*/ 'The shop has confirmed your order and will arrange the delivery.',
  coach: /*i18n*/ 'The shop has confirmed your order and will send it by coach.',
};

/** Badge colours: green done, red cancelled/expired, blue on the way, yellow waiting. */
export function orderStatusTone(status: string): 'green' | 'red' | 'blue' | 'yellow' {
  if (status === 'Completed') return 'green';
  if (status === 'Cancelled' || status === 'Expired') return 'red';
  if (status === 'Ready for collection' || status === 'Out for delivery' || status === 'Sent') return 'blue';
  return 'yellow';
}
