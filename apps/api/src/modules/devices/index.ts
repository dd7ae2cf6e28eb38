// What other modules, and the app around them, may use of devices (docs/decisions/0093).
export { deviceRoutes } from './routes.js';
export {
  NON_COMPLIANT_INVENTORY,
  NON_COMPLIANT_PUBLISH,
  PRODUCT_ROW,
  copyImeis,
  deviceRecord,
  productDeviceRecords,
  refuseNonCompliant,
  writeDevice,
} from './service.js';
export { imeisOf } from './repository.js';
