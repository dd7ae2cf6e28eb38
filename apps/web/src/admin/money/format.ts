import type { LedgerKind } from '@marketplace/shared';

export const KIND_LABELS: Record<LedgerKind, string> = {
  sale: 'Sale',
  payment: 'Payment',
  refund: 'Refund',
  seller_payout: 'Seller payout',
  fee: 'Fee',
  correction: 'Correction',
};

const dayFormat = new Intl.DateTimeFormat('en-MW', { dateStyle: 'medium', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en-MW', { dateStyle: 'medium', timeStyle: 'short' });

/** '3 Dec 2026' for 2026-12-03: a ledger day is a UTC day. */
export function formatDay(date: string): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? date : dayFormat.format(time);
}

/** An entry's moment in the reader's own time. */
export function formatMoment(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : timeFormat.format(time);
}
