// What other modules, and the app around them, may use of health (docs/decisions/0093).
export { Readiness } from './readiness.js';
export { healthRoutes } from './routes.js';
