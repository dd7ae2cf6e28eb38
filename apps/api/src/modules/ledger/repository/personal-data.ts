import type { ExpressionBuilder } from 'kysely';
import type { Executor } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { UNSETTLED_TRANSFER_STATUSES } from './transfers.js';

// What personal-data finds and erases of a person's payments and payouts (docs/decisions/0078). The transfers stay
// for the figures; only the mobile they went to goes.

/** The person's transfers: to or from their mobile, or of their orders or seller requests. */
export interface TransfersOfPerson {
  phone?: string | undefined;
  orderIds: number[];
  requestIds: number[];
}

function transfersOf({ phone, orderIds, requestIds }: TransfersOfPerson) {
  return (eb: ExpressionBuilder<Database, 'money_transfers'>) =>
    eb.or([
      ...(phone ? [eb('mobile', '=', phone)] : []),
      eb('order_id', 'in', [0, ...orderIds]),
      eb('seller_request_id', 'in', [0, ...requestIds]),
    ]);
}

/** The person's payments, refunds and payouts as the look-up shows them. */
export async function findTransfersOfPerson(db: Executor, whose: TransfersOfPerson) {
  return db
    .selectFrom('money_transfers')
    .select(['id', 'kind', 'method', 'mobile', 'amount', 'status', 'created_at'])
    .where(transfersOf(whose))
    .orderBy('id')
    .execute();
}

/** Whether a payment or payout of the person still waits for the gateway: its mobile is where the money goes. */
export async function unsettledTransferOf(db: Executor, whose: TransfersOfPerson): Promise<boolean> {
  const transfer = await db
    .selectFrom('money_transfers')
    .select('id')
    .where('status', 'in', [...UNSETTLED_TRANSFER_STATUSES])
    .where(transfersOf(whose))
    .executeTakeFirst();
  return transfer !== undefined;
}

/** Forgets the mobile of the transfers of these orders or these seller requests. */
export async function forgetTransferMobiles(db: Executor, of: { orderIds: number[] } | { requestIds: number[] }) {
  const query = db.updateTable('money_transfers').set({ mobile: null });
  await (
    'orderIds' in of
      ? query.where('order_id', 'in', of.orderIds)
      : query.where('seller_request_id', 'in', of.requestIds)
  ).execute();
}
