import { isMobileMoney, MOBILE_MONEY_LABELS, mobileMoneyNetwork, type MobileMoney } from '@marketplace/shared';
import { randomBytes } from 'node:crypto';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../../db/database.js';
import type { MoneyTransfersTable, TransferKind, TransferRowStatus } from '../../../db/schema.js';
import { HttpError } from '../../../plugins/errors.js';

export type TransferRow = Selectable<MoneyTransfersTable>;

const PREFIX: Record<TransferKind, string> = { charge: 'PAY', refund: 'REF', seller_payout: 'OUT' };

/** Our id for one attempt (the gateway's charge_id): fresh per attempt, never reused, URL-safe. */
function newTransferId(kind: TransferKind): string {
  return `${PREFIX[kind]}-${randomBytes(12).toString('base64url')}`;
}

/** What a new transfer must say; the rest (links, reference, fee, note, staff, times) defaults to empty. */
export type NewTransfer = Pick<
  Insertable<MoneyTransfersTable>,
  'kind' | 'method' | 'amount' | 'status' | 'created_at'
> &
  Partial<Omit<Insertable<MoneyTransfersTable>, 'transfer_id' | 'updated_at'>>;

/** The guard's refusal: callers check first in their field's own words, so this catches only a path that did not. */
export function networkDisagrees(method: MobileMoney, mobile: string | null | undefined): string {
  const network = mobileMoneyNetwork(mobile);
  const prefix = network ? `a ${MOBILE_MONEY_LABELS[network]} number` : 'not an Airtel or TNM number';
  return `Not sent: ${mobile ?? 'no number'} is ${prefix}, not ${MOBILE_MONEY_LABELS[method]}.`;
}

/** A stored voucher for a disagreeing transfer: the paid charge a refund gives back, or an earlier vouched payout. */
function voucher(db: Executor, values: NewTransfer & { method: MobileMoney }) {
  const same = db
    .selectFrom('money_transfers')
    .select('id')
    .where('method', '=', values.method)
    .where('mobile', '=', values.mobile ?? '');
  if (values.kind === 'refund')
    return same
      .where('id', '=', values.refund_of ?? 0)
      .where('kind', '=', 'charge')
      .where('status', '=', 'paid');
  if (values.kind === 'seller_payout' && values.seller_request_id)
    return same
      .where('kind', '=', 'seller_payout')
      .where('seller_request_id', '=', values.seller_request_id)
      .where('network_override', '=', 1);
  return undefined;
}

/**
 * The one guard every charge, refund and payout passes (docs/decisions/0081): mobile money goes only to a number whose
 * prefix is the operator's network, unless it is vouched for. Answers the row's network_override: 1 when staff vouch
 * now, or a stored voucher covers it (a refund goes back to the wallet its charge was paid from; a retried payout to
 * the number and operator staff vouched for before); null for a disagreement nothing vouches for. Buyers cannot vouch.
 */
export async function networkOverride(db: Executor, values: NewTransfer): Promise<0 | 1 | null> {
  const { method } = values;
  if (!isMobileMoney(method) || mobileMoneyNetwork(values.mobile) === method) return 0;
  if (values.network_override === 1) return 1;
  return (await voucher(db, { ...values, method })?.executeTakeFirst()) ? 1 : null;
}

/** Writes a transfer before the gateway hears of it, once the network guard agrees; answers its row. */
export async function insertTransfer(db: Executor, values: NewTransfer): Promise<TransferRow> {
  const network_override = await networkOverride(db, values);
  if (network_override === null)
    throw new HttpError(422, networkDisagrees(values.method as MobileMoney, values.mobile));
  return db
    .insertInto('money_transfers')
    .values({ transfer_id: newTransferId(values.kind), updated_at: values.created_at, ...values, network_override })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An order's paid charges that no live or done refund gives back yet: what a cancel or a retry must refund. */
export function unrefundedCharges(db: Executor, orderId: number) {
  return db
    .selectFrom('money_transfers as c')
    .selectAll('c')
    .where('c.order_id', '=', orderId)
    .where('c.kind', '=', 'charge')
    .where('c.status', '=', 'paid')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('money_transfers as r')
            .select('r.id')
            .whereRef('r.refund_of', '=', 'c.id')
            .where('r.status', '<>', 'failed'),
        ),
      ),
    )
    .execute();
}

/** The newest charge of an order: it alone speaks for the order's payment. */
export function newestCharge(db: Executor, orderId: number) {
  return db
    .selectFrom('money_transfers')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', 'charge')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function findTransfer(db: Executor, id: number) {
  return db.selectFrom('money_transfers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findTransferById(db: Executor, transferId: string) {
  return db.selectFrom('money_transfers').selectAll().where('transfer_id', '=', transferId).executeTakeFirst();
}

export function transfersOfOrder(db: Executor, orderId: number) {
  return db.selectFrom('money_transfers').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** Transfers still waiting for the gateway's final word. */
export const OPEN_TRANSFER_STATUSES: readonly TransferRowStatus[] = ['starting', 'pending'];

/** Not settled yet: waiting for the gateway, or for an Admin to pay by hand (decision 0079). */
export const UNSETTLED_TRANSFER_STATUSES: readonly TransferRowStatus[] = [...OPEN_TRANSFER_STATUSES, 'manual'];

/** Open transfers whose check time has come, the longest waiting first. */
export async function dueTransfers(db: Executor, at: string, limit: number) {
  return db
    .selectFrom('money_transfers')
    .selectAll()
    .where('status', 'in', OPEN_TRANSFER_STATUSES)
    .where('check_at', '<=', at)
    .orderBy('check_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Takes a transfer for one check: moves its check time to the end of a lease, only if nobody moved it since it was
 * read. Of several processes reading the same row, one wins; a process that dies mid-check leaves it to the next
 * after the lease.
 */
export async function claimTransfer(db: Executor, row: TransferRow, leaseUntil: string): Promise<boolean> {
  let query = db
    .updateTable('money_transfers')
    .set({ check_at: leaseUntil, checks: row.checks + 1 })
    .where('id', '=', row.id)
    .where('status', 'in', OPEN_TRANSFER_STATUSES)
    .where('checks', '=', row.checks);
  query = row.check_at === null ? query.where('check_at', 'is', null) : query.where('check_at', '=', row.check_at);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

/** When to ask again. Undefined: leave it. */
export async function setCheckAt(
  db: Executor,
  id: number,
  { checkAt, now, note }: { checkAt: string; now: string; note?: string | undefined },
) {
  await db
    .updateTable('money_transfers')
    .set({ check_at: checkAt, updated_at: now, ...(note === undefined ? {} : { note }) })
    .where('id', '=', id)
    .where('status', 'in', OPEN_TRANSFER_STATUSES)
    .execute();
}

/** starting → pending once the gateway accepted it; nothing else changes. */
export async function markPending(db: Executor, id: number, reference: string | undefined, now: string) {
  await db
    .updateTable('money_transfers')
    .set({ status: 'pending', updated_at: now, ...(reference ? { reference } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'starting')
    .execute();
}

/**
 * The one move to a final status: only from starting or pending, so of an event, the poller and a retry arriving
 * together exactly one moves it, and only that one records its money. `lateSuccess`: a charge we had given up on
 * (failed) that the gateway now reports paid is paid after all: the buyer's money arrived and must be accounted.
 */
export async function finishTransfer(
  db: Executor,
  id: number,
  {
    status,
    at,
    detail,
    lateSuccess = false,
  }: {
    status: 'paid' | 'failed';
    at: string;
    detail: { reference?: string | undefined; fee?: number | undefined; note?: string | null };
    lateSuccess?: boolean;
  },
): Promise<boolean> {
  const from: TransferRowStatus[] = lateSuccess ? [...OPEN_TRANSFER_STATUSES, 'failed'] : [...OPEN_TRANSFER_STATUSES];
  const result = await db
    .updateTable('money_transfers')
    .set({
      status,
      settled_at: at,
      updated_at: at,
      check_at: null,
      ...(detail.reference ? { reference: detail.reference } : {}),
      // The fee as printed (0.75) in tambala, and its whole-kwacha ledger figure (decision 0079).
      ...(detail.fee !== undefined
        ? { fee: Math.round(Math.round(detail.fee * 100) / 100), fee_tambala: Math.round(detail.fee * 100) }
        : {}),
      ...(detail.note !== undefined ? { note: detail.note } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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
 * A throttled event's transfer is asked about by the poller by `at` at the latest: a real change the event announced
 * is still found within the window, though the event itself made no call.
 */
export async function checkBy(db: Executor, id: number, at: string) {
  await db
    .updateTable('money_transfers')
    .set({ check_at: at })
    .where('id', '=', id)
    .where('status', 'in', OPEN_TRANSFER_STATUSES)
    .where((eb) => eb.or([eb('check_at', 'is', null), eb('check_at', '>', at)]))
    .execute();
}

/** The statuses of an order's charges, for the next attempt's check that none still waits for a PIN. */
export function chargeStatuses(db: Executor, orderId: number) {
  return db
    .selectFrom('money_transfers')
    .select(['status'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'charge')
    .execute();
}

/** The charges of an order whose refund was tried and failed (refund_of of each failed refund). */
export function failedRefundsOf(db: Executor, orderId: number) {
  return db
    .selectFrom('money_transfers')
    .select('refund_of')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'refund')
    .where('status', '=', 'failed')
    .execute();
}

/** The newest charge to a phone since a time, for the one round of PIN prompts per phone (payments/pin-prompts.ts). */
export function lastChargeTo(db: Executor, phone: string, since: string) {
  return db
    .selectFrom('money_transfers')
    .select('created_at')
    .where('kind', '=', 'charge')
    .where('mobile', '=', phone)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A refund of the order not settled yet: waiting for the gateway or for an Admin to pay by hand (decision 0079). */
export function unsettledRefundOf(db: Executor, orderId: number) {
  return db
    .selectFrom('money_transfers')
    .select('id')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'refund')
    .where('status', 'in', UNSETTLED_TRANSFER_STATUSES)
    .executeTakeFirst();
}

/** An open transfer becomes a task for an Admin (status `manual`); answers whether this call moved it. */
export async function handToStaff(db: Executor, id: number, note: string, at: string): Promise<boolean> {
  const moved = await db
    .updateTable('money_transfers')
    .set({ status: 'manual', check_at: null, updated_at: at, note })
    .where('id', '=', id)
    .where('status', 'in', OPEN_TRANSFER_STATUSES)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** An Admin's claim on a `manual` task, by a conditional update: of two at once, one wins (true). */
export async function claimManual(db: Executor, id: number, set: Updateable<MoneyTransfersTable>): Promise<boolean> {
  const claim = await db
    .updateTable('money_transfers')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', 'manual')
    .executeTakeFirst();
  return Number(claim.numUpdatedRows) === 1;
}

/**
 * The transfers the Money screen lists for staff (money/attention.ts says which and why), newest first, with the
 * order's number or the seller request's reference; of one shop when asked.
 */
export async function transfersNeedingAttention(
  db: Executor,
  { shopId, limit }: { shopId?: number | undefined; limit: number },
) {
  let rows = db
    .selectFrom('money_transfers as t')
    .leftJoin('orders as o', 'o.id', 't.order_id')
    .leftJoin('seller_requests as s', 's.id', 't.seller_request_id')
    .select([
      't.id',
      't.kind',
      't.status',
      't.amount',
      't.method',
      't.order_id',
      't.seller_request_id',
      't.created_at',
      't.note',
      'o.number',
      's.reference',
    ])
    .where((eb) =>
      eb.or([
        // Open, or waiting for an Admin to pay by hand (decision 0079).
        eb('t.status', 'in', UNSETTLED_TRANSFER_STATUSES),
        eb.and([
          eb('t.status', '=', 'failed'),
          eb('t.kind', '<>', 'charge'),
          // Not superseded: no later attempt for the same charge or seller request that is alive or done.
          eb.not(
            eb.exists(
              eb
                .selectFrom('money_transfers as later')
                .select('later.id')
                .whereRef('later.kind', '=', 't.kind')
                .whereRef('later.id', '>', 't.id')
                .where('later.status', '<>', 'failed')
                .where((w) =>
                  w.or([
                    w.and([w('later.refund_of', 'is not', null), w('later.refund_of', '=', w.ref('t.refund_of'))]),
                    w.and([
                      w('later.seller_request_id', 'is not', null),
                      w('later.seller_request_id', '=', w.ref('t.seller_request_id')),
                    ]),
                  ]),
                ),
            ),
          ),
          // A return's refund (no refund_of: an order's items come back one by one) is superseded once its return
          // no longer points at it: sent again by wallet or paid in cash (docs/decisions/0099).
          eb.or([
            eb('t.refund_of', 'is not', null),
            eb('t.kind', '<>', 'refund'),
            eb.not(eb.exists(eb.selectFrom('returns as r').select('r.id').whereRef('r.order_id', '=', 't.order_id'))),
            eb.exists(eb.selectFrom('returns as r').select('r.id').whereRef('r.refund_transfer_id', '=', 't.id')),
          ]),
        ]),
      ]),
    )
    .orderBy('t.id', 'desc')
    .limit(limit);
  if (shopId !== undefined) {
    rows = rows.where((eb) =>
      eb.or([
        eb('o.shop_id', '=', shopId),
        eb.exists(
          eb
            .selectFrom('products as p')
            .select(sql`1`.as('one'))
            .whereRef('p.seller_request_id', '=', 't.seller_request_id')
            .where('p.shop_id', '=', shopId),
        ),
      ]),
    );
  }
  return rows.execute();
}

/** A seller's newest payout, with who paid it: it speaks; a failed one stays on record, and a retry is a new row. */
export function newestPayout(db: Executor, requestId: number) {
  return db
    .selectFrom('money_transfers as m')
    .leftJoin('users as u', 'u.id', 'm.staff_id')
    .select(['m.status', 'm.method', 'm.amount', 'm.reference', 'm.settled_at', 'u.display_name as paid_by'])
    .where('m.seller_request_id', '=', requestId)
    .where('m.kind', '=', 'seller_payout')
    .orderBy('m.id', 'desc')
    .executeTakeFirst();
}

/** A seller's payout that is paid or on its way (not failed): a second one is refused. */
export function livePayout(db: Executor, requestId: number) {
  return db
    .selectFrom('money_transfers')
    .select('status')
    .where('seller_request_id', '=', requestId)
    .where('kind', '=', 'seller_payout')
    .where('status', '<>', 'failed')
    .executeTakeFirst();
}
