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
 * to ask about it). In English like the other messages staff's moves send; only the SMS on submission follows the
 * language the form was filled in so far (docs/decisions/0056).
 */
export async function tellSellerPaid(trx: Executor, payout: PaidPayout, now: Date): Promise<void> {
  if (payout.seller_request_id === null) return;
  const row = await trx
    .selectFrom('seller_requests')
    .select(['id', 'reference', 'phone'])
    .where('id', '=', payout.seller_request_id)
    .executeTakeFirst();
  const phone = row ? smsNumber(row.phone) : null;
  if (!row || !phone) return;
  const how =
    payout.method === 'cash'
      ? 'in cash at the counter'
      : `by ${MOBILE_MONEY_LABELS[payout.method as MobileMoney] ?? payout.method}`;
  const ref = payout.reference ? ` (ref ${payout.reference})` : '';
  const body = `Marketplace Malawi: we paid you ${formatMoney(payout.amount)} for your item ${row.reference} ${how}${ref}. Thank you for selling with us!`;
  await enqueueMessages(
    trx,
    [{ channel: 'sms', recipient: phone, body, subjectType: 'seller_request', subjectId: row.id }],
    now,
  );
}
