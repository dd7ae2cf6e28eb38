// What other modules, and the app around them, may use of reports (docs/decisions/0093).
export { reportRoutes } from './routes.js';
