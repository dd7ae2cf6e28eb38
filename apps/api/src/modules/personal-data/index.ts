// What other modules, and the app around them, may use of personal-data (docs/decisions/0093).
export { eraseEndedPersonalData } from './retention.js';
export { personalDataRoutes } from './routes.js';
