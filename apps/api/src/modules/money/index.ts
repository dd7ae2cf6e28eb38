// What other modules, and the app around them, may use of money (docs/decisions/0093).
export { moneyRoutes } from './routes.js';
