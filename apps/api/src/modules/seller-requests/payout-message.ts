import { formatMoney, MOBILE_MONEY_LABELS, type MobileMoney } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { enqueueMessages } from '../notifications/index.js';
import { smsNumber } from './codes.js';

interface PaidPayout {
  seller_request_id: number | null;
  method: string;
  amount: number;
  reference: string | null;
}

/** The request a payout is for, and the seller's number to text; undefined when there is none to text. */
async function sellerOf(trx: Executor, payout: PaidPayout) {
  if (payout.seller_request_id === null) return undefined;
  const row = await trx
    .selectFrom('seller_requests')
    .select(['id', 'reference', 'phone', 'language'])
    .where('id', '=', payout.seller_request_id)
    .executeTakeFirst();
  const phone = row ? smsNumber(row.phone) : null;
  return row && phone ? { row, phone } : undefined;
}

/**
 * The seller's SMS once their money left us, written in the transaction that records the payout as paid. Sent
 * whether or not they asked to hear about offers: it is their receipt. No link is needed (the reference is enough
 * to ask about it). In the language the form was filled in, like every SMS to the seller (docs/decisions/0056).
 */
export async function tellSellerPaid(trx: Executor, payout: PaidPayout, now: Date): Promise<void> {
  const seller = await sellerOf(trx, payout);
  if (!seller) return;
  const { row, phone } = seller;
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

/**
 * The seller's SMS when their payout cannot go to their wallet (the gateway takes no TNM Mpamba withdrawals,
 * decision 0079): how they will be paid instead. In the form's language, like every SMS to the seller.
 */
export async function tellSellerByHand(trx: Executor, payout: PaidPayout, now: Date): Promise<void> {
  const seller = await sellerOf(trx, payout);
  if (!seller) return;
  const { row, phone } = seller;
  const amount = formatMoney(payout.amount);
  const wallet = MOBILE_MONEY_LABELS[payout.method as MobileMoney] ?? payout.method;
  const body =
    row.language === 'ny'
      ? `Marketplace Malawi: sitingakutumizireni ${amount} pa katundu wanu ${row.reference} pa ${wallet}. Tidzakuimbirani kuti tikulipireni pa Airtel Money ku nambala imene mungapereke, kapena ndalama m'manja ku shopu.`
      : `Marketplace Malawi: we cannot send ${amount} for your item ${row.reference} to ${wallet}. We will call you to pay it by Airtel Money to a number you give, or in cash at the shop.`;
  await enqueueMessages(
    trx,
    [{ channel: 'sms', recipient: phone, body, subjectType: 'seller_request', subjectId: row.id }],
    now,
  );
}
