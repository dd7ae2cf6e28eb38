// What other modules, and the app around them, may use of returns (docs/decisions/0093, 0099).
export { afterSaleView } from './ask.js';
export { buyerReturnRoutes } from './buyer-routes.js';
export { returnOutcomeRoutes } from './outcome-routes.js';
export { returnStaffRoutes } from './staff-routes.js';
export { AFTER_SALE_DEFAULTS, afterSaleRulesRoutes } from './rules-routes.js';
export { afterSaleFigures, refundsPerWeek, sellerCameBack } from './figures.js';
