import type { I18n } from '@lingui/core';
import { formatMoney, HOW_SELLERS_ARE_PAID, MOBILE_MONEY_LABELS, type SellerView } from '@marketplace/shared';
import { formatDay } from '../../../lib/dates';
import { useI18n } from '../../../i18n/context';

type Payout = SellerView['payout'];

/** Where the seller's money stands, in their words; null before any payout. */
function paymentLine(i18n: I18n, payout: Payout): string | null {
  const amount = formatMoney(payout.amount);
  const method = payout.method && payout.method !== 'cash' ? MOBILE_MONEY_LABELS[payout.method] : '';
  switch (payout.status) {
    case 'paid': {
      const date = payout.paid_at ? formatDay(payout.paid_at, i18n) : '';
      if (payout.method === 'cash') return i18n._('Paid in cash at the counter on {date}', { date });
      return payout.reference
        ? i18n._('Paid {amount} on {date} by {method} (ref {reference})', {
            amount,
            date,
            method,
            reference: payout.reference,
          })
        : i18n._('Paid {amount} on {date} by {method}', { amount, date, method });
    }
    case 'pending':
      return i18n._('Your payment of {amount} is on its way to your {method}', { amount, method });
    case 'failed':
      return i18n._('We could not send your payment of {amount} yet. We will try again, or pay you at the shop.', {
        amount,
      });
    case 'not_paid':
      return null;
  }
}

/** The seller's payment on their status page, and how and when sellers are paid until it is made. */
export function SellerPayment({ payout, headingId }: { payout: Payout; headingId: string }) {
  const i18n = useI18n();
  const line = paymentLine(i18n, payout);
  return (
    <>
      <h2 id={headingId} className="mb-2 text-lg font-semibold text-stone-900">
        {i18n._('Getting paid')}
      </h2>
      {line && (
        <p
          className={`mb-2 rounded-md border p-3 font-semibold ${payout.status === 'paid' ? 'border-green-600 bg-green-50 text-green-900' : 'border-amber-500 bg-amber-50 text-amber-950'}`}
          data-testid="seller-payment"
        >
          {line}
        </p>
      )}
      {payout.status !== 'paid' && <p className="text-sm text-stone-700">{i18n._(HOW_SELLERS_ARE_PAID)}</p>}
    </>
  );
}
