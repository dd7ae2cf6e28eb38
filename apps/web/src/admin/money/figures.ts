import { PAYMENT_METHODS, type LedgerKind, type MoneySummary } from '@marketplace/shared';

export type Figures = MoneySummary['totals'];

/** The figures after what was taken in, with the ledger kinds each adds up (net: all of them). */
export const OUT_AND_NET: readonly {
  field: 'refunded' | 'paid_to_sellers' | 'fees' | 'corrections' | 'net';
  label: string;
  kind: readonly LedgerKind[] | undefined;
}[] = [
  { field: 'refunded', label: 'Refunded', kind: ['refund'] },
  { field: 'paid_to_sellers', label: 'Paid to sellers', kind: ['seller_payout'] },
  { field: 'fees', label: 'Fees', kind: ['fee'] },
  // Signed: an Admin's corrections, money in less money out (docs/decisions/0082).
  { field: 'corrections', label: 'Corrections', kind: ['correction'] },
  { field: 'net', label: 'Net', kind: undefined },
];

/** The methods money came in by, in the order staff know them; one the list does not know goes last. */
export function methodsOf(takenIn: Figures['taken_in']): string[] {
  const known: string[] = PAYMENT_METHODS.filter((method) => method in takenIn);
  return [...known, ...Object.keys(takenIn).filter((method) => !known.includes(method))];
}

export const takenInTotal = (takenIn: Figures['taken_in']) => Object.values(takenIn).reduce((n, v) => n + v, 0);
