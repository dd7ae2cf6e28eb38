// What other modules, and the app around them, may use of featured (docs/decisions/0093).
export { featuredIds } from './repository.js';
export { featuredRoutes } from './routes.js';
