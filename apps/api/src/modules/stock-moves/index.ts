// What other modules, and the app around them, may use of stock-moves (docs/decisions/0093).
export { moveLockKeys } from './lock-keys.js';
export { stockMoveRoutes } from './routes.js';
export { eraseStockRequestBuyers, findStockRequestsOfPhone } from './repository/personal-data.js';
