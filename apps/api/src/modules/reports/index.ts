// What other modules, and the app around them, may use of reports (docs/decisions/0093).
export { reportRoutes } from './routes.js';
export { countReportsOfPhone, eraseReporterPhones } from './repository/personal-data.js';
