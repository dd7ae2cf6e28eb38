// What other modules, and the app around them, may use of seller-accounts (docs/decisions/0093).
export { sellerAccountRoutes } from './routes.js';
