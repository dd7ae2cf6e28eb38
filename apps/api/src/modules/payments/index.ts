// What other modules, and the app around them, may use of payments (docs/decisions/0093).
export { payByHand } from './by-hand.js';
export { pollTransfers } from './checks.js';
export { checkPayChangu } from './gateway-check.js';
export { paychanguGateway } from './paychangu.js';
export { paymentRoutes } from './routes.js';
export { createPayments } from './service.js';
export type { Payments } from './service.js';
