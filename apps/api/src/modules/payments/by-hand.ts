import {
  formatMoney,
  MOBILE_MONEY_LABELS,
  NOT_WAITING_FOR_STAFF,
  PAY_BY_HAND_LABELS,
  type MobileMoney,
  type payByHandSchema,
} from '@marketplace/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { tellBuyer, findOrder, noteEvent } from '../orders/index.js';
import { requestNames, tellSellerByHand } from '../seller-requests/index.js';
import type { PaymentChecks } from './checks.js';
import { settleIn } from './settle.js';
import { claimManual, findTransfer, handToStaff, insertTransfer, type TransferRow } from '../ledger/index.js';

// Refunds and seller payouts the gateway cannot send (decision 0079): PayChangu's operator list marks TNM Mpamba
// `supports_withdrawals: false`, so such a payout is never sent; it becomes a task for an Admin on the Money screen,
// and the person is told how they will be paid.

const label = (method: string) => MOBILE_MONEY_LABELS[method as MobileMoney] ?? method;

/** The note the task carries on the Money screen and the order. */
function byHandNote(method: string): string {
  return `The payment service cannot send ${label(method)} payouts: an Admin pays it by Airtel Money to another number the person gives, or in cash at the shop`;
}

/** Whose wallet it is: the bank-payout route asks for the holder's name. */
export async function payeeName(db: Executor, row: TransferRow): Promise<string | undefined> {
  if (row.order_id !== null) return (await findOrder(db, row.order_id))?.buyer_name;
  if (row.seller_request_id === null) return undefined;
  return (await requestNames(db, row.seller_request_id))?.seller_name;
}

/**
 * Turns a refund or payout still to send into a task for an Admin (status `manual`), in one transaction with the
 * order's note, the audit entry and the person's SMS. Only the call that moved it does the rest.
 */
export async function handOver(ctx: PaymentChecks, row: TransferRow, now: Date): Promise<void> {
  const at = now.toISOString();
  const note = byHandNote(row.method);
  // Read before the transaction opens (SQLite has one connection).
  const messaging = ctx.links && row.order_id !== null ? { links: ctx.links, key: await ctx.links.key() } : undefined;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await handToStaff(trx, row.id, note, at))) return;
    const amount = formatMoney(Number(row.amount));
    const order = row.order_id === null ? undefined : await findOrder(trx, row.order_id);
    await recordAudit(trx, {
      actorId: null,
      action: `${row.kind === 'refund' ? 'Refund' : 'Seller payout'} ${row.transfer_id} of ${amount} left to staff: ${label(row.method)} payouts are not possible`,
      subjectType: order ? 'order' : 'seller_request',
      subjectId: row.order_id ?? row.seller_request_id,
      at,
    });
    if (order) {
      await noteEvent(trx, order, { action: 'refund', reason: `Refund of ${amount}: ${note}`, by: 'system', at });
      if (messaging) await tellBuyer(trx, order, 'refund_by_hand', { messaging, now });
    } else await tellSellerByHand(trx, { ...row, amount: Number(row.amount) }, now);
  });
}

type ByHand = z.output<typeof payByHandSchema>;

/**
 * An Admin records how a `manual` task was paid. Cash: the transfer is paid at once (ledger row, the person's
 * receipt, the order refunded), method cash, by the Admin, with the receipt's reference. Airtel Money to another
 * number: the task is closed as replaced and a new payout is written to that number for the gateway to send.
 * Answers whether a new payout waits to be sent (the caller nudges the poller).
 */
export async function payByHand(
  db: Db,
  { actor, id, body, now }: { actor: SessionUser; id: number; body: ByHand; now: Date },
): Promise<boolean> {
  const at = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const row = await findTransfer(trx, id);
    if (!row) throw new HttpError(404, 'Payment not found');
    const how = PAY_BY_HAND_LABELS[body.method];
    // Claimed by a conditional update: of two Admins recording it at once, one wins and the other gets 409.
    const claimed = await claimManual(
      trx,
      id,
      body.method === 'cash'
        ? { status: 'pending', method: 'cash', staff_id: actor.id, updated_at: at }
        : { status: 'failed', settled_at: at, updated_at: at, note: `Paid instead by ${how}: ${body.mobile}` },
    );
    if (!claimed) throw new HttpError(409, NOT_WAITING_FOR_STAFF);
    await recordAudit(trx, {
      actorId: actor.id,
      action: `${row.kind === 'refund' ? 'Refund' : 'Seller payout'} ${row.transfer_id} of ${formatMoney(Number(row.amount))} paid by hand: ${how}`,
      subjectType: row.order_id !== null ? 'order' : 'seller_request',
      subjectId: row.order_id ?? row.seller_request_id,
      at,
      detail: body.method === 'cash' ? `Reference ${body.reference}` : `To ${body.mobile}`,
    });
    if (body.method === 'cash') {
      const paid = { ...row, status: 'pending' as const, method: 'cash', staff_id: actor.id };
      await settleIn(trx, paid, {
        status: 'paid',
        now,
        detail: { reference: body.reference, note: `Paid in cash at the shop` },
      });
      return false;
    }
    await insertTransfer(trx, {
      kind: row.kind,
      order_id: row.order_id,
      seller_request_id: row.seller_request_id,
      refund_of: row.refund_of,
      method: 'airtel_money',
      mobile: body.mobile,
      amount: Number(row.amount),
      status: 'starting',
      staff_id: actor.id,
      check_at: at,
      created_at: at,
    });
    return true;
  });
}
