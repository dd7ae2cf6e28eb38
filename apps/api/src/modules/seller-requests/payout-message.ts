import { formatMoney, MOBILE_MONEY_LABELS, type MobileMoney } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { enqueueMessages } from '../notifications/outbox.js';
import { smsNumber } from './codes.js';

interface PaidPayout {
  seller_request_id: number | null;
  method: string;
  amount: number;
  reference: string | null;
}

/**
 * The seller's SMS once their money left us, written in the transaction that records the payout as paid. Sent
 * whether or not they asked to hear about offers: it is their receipt. No link is needed (the reference is enough
 * to ask about it). In the language the form was filled in, like every SMS to the seller (docs/decisions/0056).
 */
export async function tellSellerPaid(trx: Executor, payout: PaidPayout, now: Date): Promise<void> {
  if (payout.seller_request_id === null) return;
  const row = await trx
    .selectFrom('seller_requests')
    .select(['id', 'reference', 'phone', 'language'])
    .where('id', '=', payout.seller_request_id)
    .executeTakeFirst();
  const phone = row ? smsNumber(row.phone) : null;
  if (!row || !phone) return;
  const wallet = MOBILE_MONEY_LABELS[payout.method as MobileMoney] ?? payout.method;
  const ref = payout.reference ? ` (ref ${payout.reference})` : '';
  const amount = formatMoney(payout.amount);
  const body =
    row.language === 'ny'
      ? `Marketplace Malawi: takulipirani ${amount} pa katundu wanu ${row.reference} ${payout.method === 'cash' ? "ndalama m'manja ku kauntala" : `kudzera pa ${wallet}`}${ref}. Zikomo pogulitsa nafe!`
      : `Marketplace Malawi: we paid you ${amount} for your item ${row.reference} ${payout.method === 'cash' ? 'in cash at the counter' : `by ${wallet}`}${ref}. Thank you for selling with us!`;
  await enqueueMessages(
    trx,
    [{ channel: 'sms', recipient: phone, body, subjectType: 'seller_request', subjectId: row.id }],
    now,
  );
}
