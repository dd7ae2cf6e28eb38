// What other modules, and the app around them, may use of ledger (docs/decisions/0093).
export { recordMovement } from './ledger.js';
export { moneyRefersTo } from './references.js';
