import type { LedgerKind } from '@marketplace/shared';

export const KIND_LABELS: Record<LedgerKind, string> = {
  sale: 'Sale',
  payment: 'Payment',
  refund: 'Refund',
  seller_payout: 'Seller payout',
  fee: 'Fee',
  correction: 'Correction',
};
