import type { Executor } from '../../db/database.js';
import { findOrder, movePayment } from '../orders/index.js';
import { startTransfer } from './checks.js';
import type { Payments } from './service.js';
import { insertTransfer, type TransferRow } from '../ledger/index.js';

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
      if (await movePayment(trx, { id: order.id, version: order.version, now: at, set: { payment_status: 'failed' } }))
        return;
    }
  });
}
