// What other modules, and the app around them, may use of ledger (docs/decisions/0093).
export { moneySince } from './repository/for-dashboard.js';
export { findLedgerEntry, ledgerRows, recordMovement } from './repository/entries.js';
export { moneyRefersTo } from './repository/references.js';
export { paymentOf, queueRefund, refundOnClose, UNREACHABLE_NOTE } from './order-payment.js';
export { queueReturnRefund } from './order-payment.js';
export {
  OPEN_TRANSFER_STATUSES,
  UNSETTLED_TRANSFER_STATUSES,
  chargeStatuses,
  checkBy,
  claimManual,
  claimTransfer,
  dueTransfers,
  failedRefundsOf,
  findTransfer,
  findTransferById,
  finishTransfer,
  handToStaff,
  insertTransfer,
  lastChargeTo,
  livePayout,
  markPending,
  networkOverride,
  newestCharge,
  newestPayout,
  paidReference,
  setCheckAt,
  transfersNeedingAttention,
  transfersOfOrder,
  unrefundedCharges,
  unsettledRefundOf,
} from './repository/transfers.js';
export type { NewTransfer, TransferRow } from './repository/transfers.js';
export { findTransfersOfPerson, forgetTransferMobiles, unsettledTransferOf } from './repository/personal-data.js';
export { countTransfersByStatus } from './repository/metrics.js';
