import type { Executor } from '../../../db/database.js';

/** What a money record can name: a seller request (its payout), a shop (its takings) or a staff member. */
export type MoneySubject = { sellerRequestId: number } | { shopId: number } | { staffId: number };

/** The columns that name the subject in the ledger and in the transfers (transfers name no shop). */
function columnsOf(subject: MoneySubject) {
  if ('sellerRequestId' in subject)
    return { id: subject.sellerRequestId, ledger: 'seller_request_id', transfers: 'seller_request_id' } as const;
  // An order's charge or refund belongs to the order's shop through the order, never by a column of its own.
  if ('shopId' in subject) return { id: subject.shopId, ledger: 'shop_id', transfers: undefined } as const;
  return { id: subject.staffId, ledger: 'staff_id', transfers: 'staff_id' } as const;
}

/**
 * Whether a ledger entry or a transfer names it (docs/decisions/0082). Such a record is never deleted: the ledger's
 * links would lead nowhere and a transfer still being verified would settle without its request or staff member.
 * Any transfer counts, a failed one too: it stays on the Money screen's attention list until staff act on it.
 */
export async function moneyRefersTo(db: Executor, subject: MoneySubject): Promise<boolean> {
  const { id, ledger, transfers } = columnsOf(subject);
  const entry = await db.selectFrom('ledger_entries').select('id').where(ledger, '=', id).limit(1).executeTakeFirst();
  if (entry) return true;
  if (!transfers) return false;
  const transfer = await db
    .selectFrom('money_transfers')
    .select('id')
    .where(transfers, '=', id)
    .limit(1)
    .executeTakeFirst();
  return transfer !== undefined;
}
