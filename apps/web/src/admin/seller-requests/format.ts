import { priceDigits } from '@marketplace/shared';

const when = new Intl.DateTimeFormat('en-MW', { dateStyle: 'medium', timeStyle: 'short' });

export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : when.format(date);
}

/** Amounts as spec 2 shows them on the detail screen: non-numeric characters removed. */
export const amount = (value: unknown) => `MWK ${priceDigits(value)}`;
