import {
  PAYMENT_DECLINED,
  PAYMENT_UNCONFIRMED,
  PAYMENT_UNREACHABLE,
  type OrderPayment,
  type OrderPaymentState,
  type PaymentStatus,
} from '@marketplace/shared';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { OrderRow } from '../orders/index.js';
import { findOrder, movePayment } from '../orders/index.js';
import { startTransfer, UNREACHABLE_NOTE } from './checks.js';
import type { Payments } from './service.js';
import { queueRefund } from './settle.js';
import { insertTransfer, newestCharge, unrefundedCharges, type TransferRow } from '../ledger/index.js';

/** The order's payment as the buyer and staff see it. */
export async function paymentOf(db: Executor, row: OrderRow): Promise<OrderPaymentState> {
  const status = row.payment_status as PaymentStatus;
  let message: string | null = null;
  if (status === 'failed') {
    const charge = await newestCharge(db, row.id);
    // Failed while its charge is still pending at the gateway: let go unconfirmed after the hold (unconfirmed.ts).
    message =
      charge?.status === 'pending'
        ? PAYMENT_UNCONFIRMED
        : charge?.note?.startsWith(UNREACHABLE_NOTE)
          ? PAYMENT_UNREACHABLE
          : PAYMENT_DECLINED;
  }
  return { method: row.payment as OrderPayment, status, amount: Number(row.total), message };
}

/** The gateway's reference of the charge that paid an order, for the completion record. */
export async function paidReference(db: Executor, orderId: number): Promise<string | null> {
  const paid = await db
    .selectFrom('money_transfers')
    .select(['reference', 'transfer_id'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'charge')
    .where('status', '=', 'paid')
    .orderBy('id')
    .executeTakeFirst();
  return paid ? (paid.reference ?? paid.transfer_id) : null;
}

/**
 * A paid order being cancelled: each paid charge not yet refunded gets its refund, in the cancel's transaction
 * (the unique index on refund_of makes a second one impossible). Answers how many were queued.
 */
export async function refundOnClose(trx: Transaction<Database>, orderId: number, at: string): Promise<number> {
  const charges = await unrefundedCharges(trx, orderId);
  for (const charge of charges) await queueRefund(trx, charge, at);
  return charges.length;
}

/** How long the sender of a charge has to ask the gateway (its timeout and more) before the poller may look too. */
const CHARGE_SEND_MS = 60_000;

/** Writes a charge for an order, to be sent once the caller's transaction commits. */
export function queueCharge(
  trx: Executor,
  order: { id: number; phone: string; total: number },
  method: string,
  now: Date,
) {
  const at = now.toISOString();
  return insertTransfer(trx, {
    kind: 'charge',
    order_id: order.id,
    method,
    mobile: order.phone,
    amount: order.total,
    status: 'starting',
    // The sender asks the gateway itself; the poller looks only once that has surely finished.
    check_at: new Date(now.getTime() + CHARGE_SEND_MS).toISOString(),
    created_at: at,
  });
}

/**
 * Sends a charge written by `queueCharge` once its transaction committed. When the payment service cannot be
 * reached the buyer is told so at once (the order's payment shows failed, "try again or pay at the shop"); the
 * charge itself stays to be verified, in case it reached the gateway after all.
 */
export async function sendCharge(payments: Payments, charge: TransferRow, now: Date): Promise<void> {
  if ((await startTransfer(payments, charge, now)) !== 'unreachable') return;
  const at = now.toISOString();
  await payments.db.kysely.transaction().execute(async (trx) => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const order = await findOrder(trx, charge.order_id!);
      if (!order || order.payment_status !== 'pending') return;
      if (await movePayment(trx, order.id, order.version, at, { payment_status: 'failed' })) return;
    }
  });
}
