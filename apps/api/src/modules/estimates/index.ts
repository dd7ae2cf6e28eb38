// What other modules, and the app around them, may use of estimates (docs/decisions/0093).
export { estimateRoutes } from './routes.js';
