// What other modules, and the app around them, may use of users (docs/decisions/0093).
export { findUser, insertUser } from './repository.js';
export { userRoutes } from './routes.js';
export { USER_NOT_FOUND } from './service.js';
