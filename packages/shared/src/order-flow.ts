// The order flow, shared by the back-office (which buttons are enabled, which hint shows), the buyer's
// order page (what the status means, whether it can still be cancelled) and the server (which actions
// it accepts and the status each one leads to).

// Status names are shown to buyers (translated where shown); the back-office shows them as they are.
export const ORDER_STATUSES = [
  /*i18n*/ 'Placed',
  /*i18n*/ 'Confirmed',
  /*i18n*/ 'Ready for collection',
  /*i18n*/ 'Out for delivery',
  /*i18n*/ 'Completed',
  /*i18n*/ 'Cancelled',
  /*i18n*/ 'Expired',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses that still hold the items (a reservation). The dashboard counts these as pending. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = [
  'Placed',
  'Confirmed',
  'Ready for collection',
  'Out for delivery',
];
/** Open statuses a reservation may expire from: not while the item is on its way to the buyer. */
export const EXPIRABLE_ORDER_STATUSES: readonly OrderStatus[] = ['Placed', 'Confirmed', 'Ready for collection'];

export const FULFILMENTS = ['collect', 'delivery'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

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

export function isOpenOrder(status: string): boolean {
  return (OPEN_ORDER_STATUSES as readonly string[]).includes(status);
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
      if (order.status !== 'Confirmed')
        return order.fulfilment === 'delivery'
          ? 'The order is already out for delivery.'
          : 'The order is already ready for collection.';
      return null;
    case 'complete':
      if (order.status === 'Placed' || order.status === 'Confirmed') {
        return order.fulfilment === 'delivery'
          ? 'Send the order out for delivery first.'
          : 'Mark the order ready for collection first.';
      }
      return null;
    case 'cancel':
    case 'buyerCancel':
      return null;
    case 'expire':
      return (EXPIRABLE_ORDER_STATUSES as readonly string[]).includes(order.status)
        ? null
        : 'The order is out for delivery.';
  }
}

export function orderActionAllowed(order: OrderFlowState, action: OrderAction): boolean {
  return whyNotOrder(order, action) === null;
}

/** The status an allowed action leads to. */
export function nextOrderStatus(order: OrderFlowState, action: OrderAction): OrderStatus {
  switch (action) {
    case 'confirm':
      return 'Confirmed';
    case 'ready':
      return order.fulfilment === 'delivery' ? 'Out for delivery' : 'Ready for collection';
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
      return order.fulfilment === 'delivery' ? 'Out for delivery' : 'Ready for collection';
    case 'complete':
      return order.fulfilment === 'delivery' ? 'Completed (delivered)' : 'Completed (collected)';
    case 'cancel':
      return 'Cancel order';
  }
}

/** What staff should do next, for the detail screen. */
export function orderStaffHint(order: OrderFlowState): string {
  switch (order.status) {
    case 'Placed':
      return 'New order: call the buyer to confirm it.';
    case 'Confirmed':
      return order.fulfilment === 'delivery'
        ? 'Confirmed: send it out for delivery when it leaves the shop.'
        : 'Confirmed: mark it ready when the item is set aside at the counter.';
    case 'Ready for collection':
      return 'Waiting for the buyer to collect and pay at the shop.';
    case 'Out for delivery':
      return 'On its way: complete it when delivered and paid.';
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
  switch (order.status) {
    case 'Placed':
      return /*i18n*/ 'Your items are reserved. The shop will call you to confirm.';
    case 'Confirmed':
      return order.fulfilment === 'delivery'
        ? /*i18n*/ 'The shop has confirmed your order and will arrange the delivery.'
        : /*i18n*/ 'The shop has confirmed your order and is setting your items aside.';
    case 'Ready for collection':
      return /*i18n*/ 'Your order is ready. Collect it at the shop and pay at the counter.';
    case 'Out for delivery':
      return /*i18n*/ 'Your order is on its way. Pay when it is delivered.';
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

/** Badge colours: green done, red cancelled/expired, blue on the way, yellow waiting. */
export function orderStatusTone(status: string): 'green' | 'red' | 'blue' | 'yellow' {
  if (status === 'Completed') return 'green';
  if (status === 'Cancelled' || status === 'Expired') return 'red';
  if (status === 'Ready for collection' || status === 'Out for delivery') return 'blue';
  return 'yellow';
}
