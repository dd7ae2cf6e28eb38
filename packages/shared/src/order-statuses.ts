// An order's statuses, apart from the flow (order-flow.ts): the storefront's order page needs these before its
// details load, and the flow's texts would weigh on that first screen.

// Status names are shown to buyers (translated where shown); the back-office shows them as they are.
export const ORDER_STATUSES = [
  /*i18n*/ 'Placed',
  /*i18n*/ 'Confirmed',
  /*i18n*/ 'Ready for collection',
  /*i18n*/ 'Out for delivery',
  /*i18n*/ 'Sent',
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
  'Sent',
];
/** Open statuses a reservation may expire from: not while the item is on its way to the buyer (delivery or coach). */
export const EXPIRABLE_ORDER_STATUSES: readonly OrderStatus[] = ['Placed', 'Confirmed', 'Ready for collection'];

export function isOpenOrder(status: string): boolean {
  return (OPEN_ORDER_STATUSES as readonly string[]).includes(status);
}
