// What other modules, and the app around them, may use of alerts (docs/decisions/0093).
export { alertRoutes } from './routes.js';
export type { AlertLinks } from './service.js';
export { sweepAlerts } from './sweep.js';
export {
  alertIdsEndedBefore,
  alertIdsOfPhone,
  deleteAlerts,
  findAlertsOfPhone,
  forgetAlertPhones,
} from './repository/personal-data.js';
