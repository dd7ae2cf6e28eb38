// What other modules, and the app around them, may use of orders (docs/decisions/0093).
export { orderLinks } from './buyer-links.js';
export type { OrderLinks } from './buyer-links.js';
export { tellBuyer, tellPlacedOnce } from './buyer-messages.js';
export type { ReservationRules } from './limits.js';
export { remindDueOrders } from './reminders.js';
export {
  countOpenOrders,
  countOrders,
  itemsReservedSince,
  ordersPerDay,
  paidWaitingSince,
} from './repository/for-dashboard.js';
export { completedSales } from './repository/for-estimates.js';
export { ORDER_NOT_FOUND, findOrder, movePayment, noteEvent } from './repository.js';
export { ORDER_LINK_LIMIT, orderRoutes } from './routes.js';
export { ORDER_CHANGED_MEANWHILE, expireDueOrders, loadAdminOrder, loadPublicOrder, orderOfToken } from './service.js';
export type { Messaging } from './service.js';
export {
  eraseOrderBuyers,
  endedOrdersToErase,
  findOrdersOfPerson,
  openOrderAmong,
  ordersOfPersonToErase,
} from './repository/personal-data.js';
export { countOrdersByStatus } from './repository/metrics.js';
export { itemsForAfterSale } from './repository/for-returns.js';
export type { OrderRow } from './repository.js';
export { messageLink } from './buyer-links.js';
export { addReplacementItem, salesOfProduct } from './repository/after-sale.js';
export { itemsSoldByCategory, itemsSoldOfSeller } from './repository/items-sold.js';
