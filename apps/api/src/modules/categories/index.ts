// What other modules, and the app around them, may use of categories (docs/decisions/0093).
export { categoryExists, categoryIdByName, findCategory } from './repository.js';
export { categoryIds } from './repository/for-estimates.js';
export type { CategoryRef } from './repository/for-estimates.js';
export { categoryRoutes } from './routes.js';
