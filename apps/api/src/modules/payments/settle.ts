import { formatMoney, isOpenOrder, MOBILE_MONEY_LABELS, type MobileMoney } from '@marketplace/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { auditedAlready, recordAudit } from '../audit/index.js';
import {
  recordMovement,
  finishTransfer,
  markPending,
  newestCharge,
  queueRefund,
  unsettledRefundOf,
  findTransfer,
  setCheckAt,
  type TransferRow,
} from '../ledger/index.js';
import { findOrder, movePayment, noteEvent, tellBuyer, tellPlacedOnce } from '../orders/index.js';
import { requestNames, tellSellerPaid } from '../seller-requests/index.js';
import { shopOfSellerRequest } from '../products/index.js';
import type { OrderLinks, Messaging } from '../orders/index.js';
import type { TransferState } from './gateway.js';

/** A version race lost this many times in a row is a bug, not traffic. */
export const VERSION_TRIES = 10;

const label = (method: string) => MOBILE_MONEY_LABELS[method as MobileMoney] ?? method;

/** Kwacha as the gateway prints them (50.75, "0.75") in whole tambala, so decimals compare exactly. */
const tambala = (kwacha: number) => Math.round(kwacha * 100);

/** The gateway's figure with its tambala (formatMoney is for whole kwacha): 'MWK 2,019.85'. */
const gatewayMoney = (kwacha: number) =>
  `MWK ${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(kwacha)}`;

/**
 * What disagrees between the gateway's answer and what we asked for; null when they agree. A refund's or payout's
 * amount may include the gateway's fee (PayChangu's "Fetch a Transfer": 50.75 with a fee of 0.75 for 50 sent), so
 * for those either the amount or the amount less the fee must be what we asked. Charges show the fee apart: strict.
 */
function disagreement(row: TransferRow, state: TransferState): string | null {
  if (state.chargeId !== row.transfer_id) return `the gateway answered about ${state.chargeId}`;
  if (state.currency !== 'MWK') return `the gateway answered in ${String(state.currency)}`;
  if (state.status !== 'paid') return null;
  const asked = tambala(Number(row.amount));
  const got = tambala(state.amount);
  const feeIncluded = row.kind !== 'charge' && state.fee !== undefined && got - tambala(state.fee) === asked;
  if (got === asked || feeIncluded) return null;
  return `the gateway reported ${gatewayMoney(state.amount)}, not ${formatMoney(Number(row.amount))}`;
}

export interface SettleOptions {
  now: Date;
  /** When to ask again about a transfer that is still open. */
  nextCheck: string;
  /** The server's link key: a buyer whose refund arrived is told, with the order's link (decision 0060). */
  links?: OrderLinks | undefined;
}

/**
 * Applies what the gateway says about one transfer. Idempotent: the same answer any number of times (an event sent
 * three times, the poller and the event at once) moves the transfer once and records its money once, because only
 * the call whose conditional update moved it to its final status goes on to write the ledger and the order.
 * Answers whether this call settled it.
 */
export async function applyGatewayState(
  db: Db,
  row: TransferRow,
  state: TransferState,
  { now, nextCheck, links }: SettleOptions,
): Promise<boolean> {
  const at = now.toISOString();
  const wrong = disagreement(row, state);
  if (wrong) {
    // Never paid on an answer that does not match: left open for staff to look at (the Money page lists it).
    await db.kysely.transaction().execute(async (trx) => {
      await setCheckAt(trx, row.id, { checkAt: nextCheck, now: at, note: `Check with the gateway: ${wrong}` });
      const entry = {
        actorId: null,
        action: `Payment ${row.transfer_id} left pending: ${wrong}`,
        subjectType: row.order_id !== null ? 'order' : 'seller_request',
        subjectId: row.order_id ?? row.seller_request_id,
        at,
      };
      // Audited once per distinct disagreement, not on every check of the poller.
      if (!(await auditedAlready(trx, entry))) await recordAudit(trx, entry);
    });
    return false;
  }
  if (state.status === 'pending') {
    if (row.status === 'starting') await markPending(db.kysely, row.id, state.reference, at);
    await setCheckAt(db.kysely, row.id, { checkAt: nextCheck, now: at });
    return false;
  }
  // Read before the transaction opens (SQLite has one connection).
  const messaging = links && row.kind !== 'seller_payout' ? { links, key: await links.key() } : undefined;
  return settleTransfer(db, row, {
    status: state.status,
    now,
    detail: {
      messaging,
      reference: state.reference,
      fee: state.fee,
      note: state.status === 'failed' ? 'Declined or timed out at the gateway' : null,
    },
  });
}

/** How a transfer ends, and what the gateway said with it. */
export interface Settling {
  status: 'paid' | 'failed';
  now: Date;
  detail: {
    reference?: string | undefined;
    fee?: number | undefined;
    note?: string | null;
    messaging?: Messaging | undefined;
  };
}

/** Moves a transfer to paid or failed and applies what follows, all in one transaction. */
export async function settleTransfer(db: Db, row: TransferRow, settling: Settling): Promise<boolean> {
  return db.kysely.transaction().execute((trx) => settleIn(trx, row, settling));
}

/** settleTransfer inside the caller's transaction (an Admin's payment by hand settles in its own). */
export async function settleIn(
  trx: Transaction<Database>,
  row: TransferRow,
  { status, now, detail }: Settling,
): Promise<boolean> {
  const at = now.toISOString();
  const lateSuccess = status === 'paid' && row.kind === 'charge';
  if (!(await finishTransfer(trx, row.id, { status, at, detail, lateSuccess }))) return false;
  const settled = { ...row, status, reference: detail.reference ?? row.reference };
  if (status === 'paid') await recordPaid(trx, settled, detail.fee, now);
  if (status === 'paid' && row.kind === 'seller_payout') await tellSellerPaid(trx, settled, now);
  if (row.order_id !== null) await orderFollows(trx, settled, now, detail.messaging);
  return true;
}

const LEDGER_KIND = { charge: 'payment', refund: 'refund', seller_payout: 'seller_payout' } as const;

/** The money a paid transfer moved, and the gateway's fee where it reports one, as ledger rows. */
async function recordPaid(trx: Transaction<Database>, row: TransferRow, fee: number | undefined, now: Date) {
  const order = row.order_id === null ? undefined : await findOrder(trx, row.order_id);
  const subject = {
    orderId: row.order_id,
    sellerRequestId: row.seller_request_id,
    subjectNumber: order?.number ?? (await sellerReference(trx, row.seller_request_id)),
    shopId: order?.shop_id ?? (await sellerShop(trx, row.seller_request_id)),
    reference: row.reference,
  };
  await recordMovement(
    trx,
    {
      kind: LEDGER_KIND[row.kind],
      direction: row.kind === 'charge' ? 'in' : 'out',
      method: row.method,
      amount: Number(row.amount),
      staffId: row.staff_id,
      ...subject,
    },
    now,
  );
  const whole = ledgerFee(fee);
  if (whole)
    await recordMovement(trx, { kind: 'fee', direction: 'out', method: row.method, ...whole, ...subject }, now);
}

/**
 * The ledger keeps whole kwacha; a gateway fee with tambala (0.75) is written rounded to the nearest kwacha, half
 * up, with the exact figure in the entry's note so the rounding is never silent (decision 0079). The exact fee is
 * also kept on the transfer (fee_tambala). A fee that rounds to nothing writes no row.
 */
export function ledgerFee(fee: number | undefined): { amount: number; note: string | null } | undefined {
  if (fee === undefined || !(fee > 0)) return undefined;
  const exact = tambala(fee);
  const amount = Math.round(exact / 100);
  if (amount === 0) return undefined;
  return {
    amount,
    note: exact % 100 === 0 ? null : `Gateway fee ${gatewayMoney(exact / 100)}, rounded to whole kwacha`,
  };
}

async function sellerReference(trx: Transaction<Database>, id: number | null) {
  if (id === null) return null;
  return (await requestNames(trx, id))?.reference ?? null;
}

/** The shop that took the seller's item into its stock. */
async function sellerShop(trx: Transaction<Database>, id: number | null) {
  return id === null ? null : ((await shopOfSellerRequest(trx, id)) ?? null);
}

/**
 * The order's side of a settled charge or refund. Every change is made by version (movePayment), so a buyer's
 * cancel racing a payment's confirmation ends one way or the other: paid and open, or cancelled and refunded.
 */
async function orderFollows(trx: Transaction<Database>, row: TransferRow, now: Date, messaging?: Messaging) {
  const at = now.toISOString();
  for (let attempt = 0; attempt < VERSION_TRIES; attempt++) {
    const order = (await findOrder(trx, row.order_id!))!;
    const done = await (row.kind === 'charge'
      ? row.status === 'paid'
        ? chargePaid(trx, order, row, { at, messaging })
        : chargeFailed(trx, order, row, at)
      : refundSettled(trx, order, row, { at, messaging }));
    if (done) return;
  }
  throw new Error(`Order ${row.order_id} kept changing while its payment ${row.transfer_id} was applied`);
}

type Order = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

async function chargePaid(
  trx: Transaction<Database>,
  order: Order,
  row: TransferRow,
  { at, messaging }: { at: string; messaging?: Messaging | undefined },
) {
  const paid = `${formatMoney(Number(row.amount))} by ${label(row.method)}`;
  if (isOpenOrder(order.status) && order.payment_status !== 'paid' && order.payment_status !== 'refunding') {
    // Paid: the PIN proved the phone, and the items stay held until collected or cancelled (no expiry).
    const moved = await movePayment(trx, {
      id: order.id,
      version: order.version,
      now: at,
      set: {
        payment: row.method,
        payment_status: 'paid',
        phone_proved: 1,
      },
    });
    if (!moved) return false;
    await noteEvent(trx, order, {
      action: 'paid',
      reason: `${paid} (ref ${row.reference ?? row.transfer_id})`,
      by: 'system',
      at,
    });
    // Paid: now the buyer is told it is reserved, with their collection code (decision 0083).
    await tellPlacedOnce(trx, order, messaging, new Date(at));
    await recordAudit(trx, {
      actorId: null,
      action: `Order ${order.number} paid: ${paid}`,
      subjectType: 'order',
      subjectId: order.id,
      at,
    });
    return true;
  }
  // Closed meanwhile, or already paid by another attempt: the money goes back by itself.
  const refunding = order.payment_status !== 'paid';
  if (
    refunding &&
    !(await movePayment(trx, { id: order.id, version: order.version, now: at, set: { payment_status: 'refunding' } }))
  )
    return false;
  await queueRefund(trx, row, at);
  const why = isOpenOrder(order.status) ? 'it was already paid' : `it was ${order.status.toLowerCase()}`;
  await noteEvent(trx, order, {
    action: 'refund',
    reason: `${paid} arrived after ${why}: refunding`,
    by: 'system',
    at,
  });
  await recordAudit(trx, {
    actorId: null,
    action: `Order ${order.number}: ${paid} arrived after ${why}, refund started`,
    subjectType: 'order',
    subjectId: order.id,
    at,
  });
  return true;
}

async function chargeFailed(trx: Transaction<Database>, order: Order, row: TransferRow, at: string) {
  // Only the newest attempt speaks for the order: an old attempt failing late changes nothing.
  const newest = await newestCharge(trx, order.id);
  if (newest?.id !== row.id || order.payment_status !== 'pending') return true;
  return movePayment(trx, { id: order.id, version: order.version, now: at, set: { payment_status: 'failed' } });
}

async function refundSettled(
  trx: Transaction<Database>,
  order: Order,
  row: TransferRow,
  { at, messaging }: { at: string; messaging?: Messaging | undefined },
) {
  const amount = formatMoney(Number(row.amount));
  if (row.status === 'failed') {
    await noteEvent(trx, order, {
      action: 'refund_failed',
      reason: `Refund of ${amount} to ${label(row.method)} failed`,
      by: 'system',
      at,
    });
    return true;
  }
  // A refund waiting for an Admin to pay by hand keeps the order refunding too (decision 0079).
  const stillOpen = await unsettledRefundOf(trx, order.id);
  if (order.payment_status === 'refunding' && !stillOpen) {
    if (
      !(await movePayment(trx, { id: order.id, version: order.version, now: at, set: { payment_status: 'refunded' } }))
    )
      return false;
    // Told once: only the settlement that moved the order to refunded writes the message.
    if (messaging) await tellBuyer(trx, order, await refundNews(trx, row), { messaging, now: new Date(at) });
  }
  const to = row.method === 'cash' ? 'in cash at the shop' : `to ${label(row.method)}`;
  const refunded = `${amount} refunded ${to} (ref ${row.reference ?? row.transfer_id})`;
  await noteEvent(trx, order, { action: 'refunded', reason: refunded, by: 'system', at });
  return true;
}

/** Back to the number that paid, or (paid by hand, decision 0079) by Airtel Money to a number the buyer gave. */
async function refundNews(trx: Transaction<Database>, row: TransferRow) {
  if (row.refund_of === null) return 'refunded' as const;
  const charge = await findTransfer(trx, row.refund_of);
  return charge?.mobile === row.mobile ? ('refunded' as const) : ('refunded_elsewhere' as const);
}
