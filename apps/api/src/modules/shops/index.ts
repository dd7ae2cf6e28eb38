// What other modules, and the app around them, may use of shops (docs/decisions/0093).
export { findShop, shopExists, shopForOrder } from './repository.js';
export { shopTown } from './repository/for-seller-requests.js';
export { shopRoutes } from './routes.js';
