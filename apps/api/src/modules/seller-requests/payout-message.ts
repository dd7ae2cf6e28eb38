import { MOBILE_MONEY_LABELS, type MobileMoney } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { message, enqueueMessages } from '../notifications/index.js';
import { smsNumber } from './codes.js';
import { requestToText } from './repository.js';

interface PaidPayout {
  seller_request_id: number | null;
  method: string;
  amount: number;
  reference: string | null;
}

/** The wallet's name as a seller knows it ('Airtel Money'). */
const walletOf = (payout: PaidPayout) => MOBILE_MONEY_LABELS[payout.method as MobileMoney] ?? payout.method;

/** The request a payout is for, and the seller's number to text; undefined when there is none to text. */
async function sellerOf(trx: Executor, payout: PaidPayout) {
  if (payout.seller_request_id === null) return undefined;
  const row = await requestToText(trx, payout.seller_request_id);
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
  const body = message(row.language, 'seller.paid', {
    amount: payout.amount,
    reference: row.reference,
    wallet: payout.method === 'cash' ? null : walletOf(payout),
    payment: payout.reference,
  });
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
  const body = message(row.language, 'seller.by_hand', {
    amount: payout.amount,
    reference: row.reference,
    wallet: walletOf(payout),
    payment: payout.reference,
  });
  await enqueueMessages(
    trx,
    [{ channel: 'sms', recipient: phone, body, subjectType: 'seller_request', subjectId: row.id }],
    now,
  );
}
