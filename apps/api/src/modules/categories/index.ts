// What other modules, and the app around them, may use of categories (docs/decisions/0093).
export { categoryExists, categoryIdByName, findCategory } from './repository.js';
export { categoryRoutes } from './routes.js';
