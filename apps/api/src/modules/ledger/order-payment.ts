import {
  PAYMENT_DECLINED,
  PAYMENT_UNCONFIRMED,
  PAYMENT_UNREACHABLE,
  type OrderPayment,
  type OrderPaymentState,
  type PaymentStatus,
} from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { insertTransfer, newestCharge, unrefundedCharges, type TransferRow } from './repository/transfers.js';

/** Written on a transfer the gateway could not be asked about: the buyer is told so, not that it was declined. */
export const UNREACHABLE_NOTE = 'Payment service unreachable';

/**
 * What the ledger needs of an order: its own shape, so ledger does not import orders, which both orders and
 * payments use (docs/decisions/0093).
 */
export interface OrderPaymentFields {
  id: number;
  payment: string;
  payment_status: string;
  total: number;
}

/** The order's payment as the buyer and staff see it. */
export async function paymentOf(db: Executor, row: OrderPaymentFields): Promise<OrderPaymentState> {
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

/** A refund of a paid charge, written to be sent by the poller (or at once by whoever nudges it). */
export async function queueRefund(trx: Executor, charge: TransferRow, at: string) {
  return insertTransfer(trx, {
    kind: 'refund',
    order_id: charge.order_id,
    refund_of: charge.id,
    method: charge.method,
    mobile: charge.mobile,
    amount: Number(charge.amount),
    status: 'starting',
    check_at: at,
    created_at: at,
  });
}

/**
 * A paid order being cancelled: each paid charge not yet refunded gets its refund, in the cancel's transaction
 * (the unique index on refund_of makes a second one impossible). Answers how many were queued.
 */
export async function refundOnClose(trx: Executor, orderId: number, at: string): Promise<number> {
  const charges = await unrefundedCharges(trx, orderId);
  for (const charge of charges) await queueRefund(trx, charge, at);
  return charges.length;
}

/**
 * A returned item's refund by mobile money (docs/decisions/0099): part of a paid charge, back to the wallet that paid
 * it, written to be sent as a cancel's refund is and recorded in the ledger only when it settles. No refund_of: a
 * charge has one whole refund (its unique index), while an order's items may come back one by one; the paid charge
 * vouches for its own wallet all the same (decision 0081).
 */
export async function queueReturnRefund(
  trx: Executor,
  { charge, amount, staffId, at }: { charge: TransferRow; amount: number; staffId: number; at: string },
) {
  return insertTransfer(trx, {
    kind: 'refund',
    order_id: charge.order_id,
    method: charge.method,
    mobile: charge.mobile,
    amount,
    status: 'starting',
    staff_id: staffId,
    network_override: 1,
    check_at: at,
    created_at: at,
    note: null,
  });
}
