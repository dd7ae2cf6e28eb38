// What other modules, and the app around them, may use of ledger (docs/decisions/0093).
export { recordMovement } from './ledger.js';
export { moneyRefersTo } from './references.js';
export { moneySince } from './repository/for-dashboard.js';
export {
  OPEN_TRANSFER_STATUSES,
  UNSETTLED_TRANSFER_STATUSES,
  claimTransfer,
  dueTransfers,
  findTransfer,
  findTransferById,
  finishTransfer,
  insertTransfer,
  markPending,
  networkOverride,
  newestCharge,
  setCheckAt,
  transfersOfOrder,
  unrefundedCharges,
} from './transfers.js';
export type { NewTransfer, TransferRow } from './transfers.js';
export { findTransfersOfPerson, forgetTransferMobiles, unsettledTransferOf } from './repository/personal-data.js';
export { countTransfersByStatus } from './repository/metrics.js';
