// What other modules, and the app around them, may use of dashboard (docs/decisions/0093).
export { dashboardRoutes } from './routes.js';
