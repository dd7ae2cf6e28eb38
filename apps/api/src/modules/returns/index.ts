// What other modules, and the app around them, may use of returns (docs/decisions/0093, 0099).
export {};
export { returnOutcomeRoutes } from './outcome-routes.js';
