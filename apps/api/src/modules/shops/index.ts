// What other modules, and the app around them, may use of shops (docs/decisions/0093).
export { shopRoutes } from './routes.js';
export { findShop } from './repository.js';
