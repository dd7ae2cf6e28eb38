// What other modules, and the app around them, may use of shops (docs/decisions/0093).
export { shopExists, shopForOrder } from './repository.js';
export { shopRoutes } from './routes.js';
