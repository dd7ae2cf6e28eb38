import type {
  AdminOrder,
  OrderAction,
  OrderAfterSale,
  OrderStatus,
  OrderView,
  PaymentMethod,
  PublicOrder,
} from '@marketplace/shared';
import { COACH_COMPANY_REQUIRED, FARE_AFTER_PAYING, WAYBILL_REQUIRED, WRONG_CODES_HOLD } from '@marketplace/shared';
import { checkCollectionCode } from './collection-code.js';
import {
  EXPIRABLE_ORDER_STATUSES,
  formatMoney,
  isOpenOrder,
  nextOrderStatus,
  orderTokenPattern,
  PAYMENT_METHOD_LABELS,
  whyNotOrder,
} from '@marketplace/shared';
import type { Transaction } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { expireDue, type Due } from '../../db/sweep.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { markItemsSold } from '../products/index.js';
import { declineOffersOnSale } from '../offers/index.js';
import { shopForOrder } from '../shops/index.js';
import { paidReference, paymentOf, recordMovement, refundOnClose, transfersOfOrder } from '../ledger/index.js';
import type { SessionUser } from '../auth/index.js';
import type { OrderLinks } from './buyer-links.js';
import { tellBuyer, tellPlacedOnce, type BuyerNews } from './buyer-messages.js';
import { hashToken } from '../auth/index.js';
import {
  ORDER_NOT_FOUND,
  addEvent,
  eventsOf,
  findOrder,
  findOrderByTokenHash,
  itemsOf,
  movePayment,
  moveStatus,
  noteEvent,
  releaseHolds,
  type OrderRow,
  type StatusExtra,
} from './repository.js';

export { ORDER_NOT_FOUND };
/** RESERVATION_HOURS' default, for callers that do not pass the setting (tests). */
const DEFAULT_FALLBACK_HOURS = 48;
export const ORDER_CHANGED_MEANWHILE =
  /*i18n*/ 'This order was changed by someone else meanwhile. Reload it and try again.';

/** The verb of "Cannot <verb>: <reason>". */
const VERBS: Record<OrderAction, string> = {
  confirm: 'confirm',
  ready: 'mark the order ready',
  complete: 'complete',
  cancel: 'cancel',
  buyerCancel: 'cancel',
  expire: 'expire',
};

/** The buyer's view: what staff see of it, and the collection code only the buyer is told. */
export async function loadPublicOrder(db: Executor, row: OrderRow): Promise<PublicOrder> {
  return { ...(await loadOrderView(db, row)), collection_code: row.collection_code };
}

async function loadOrderView(db: Executor, row: OrderRow): Promise<OrderView> {
  const [items, events, shop, payment] = await Promise.all([
    itemsOf(db, row.id),
    eventsOf(db, row.id),
    row.shop_id === null ? undefined : shopForOrder(db, row.shop_id),
    paymentOf(db, row),
  ]);
  return {
    number: row.number,
    status: row.status as OrderStatus,
    fulfilment: row.fulfilment,
    buyer_name: row.buyer_name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    area: row.area,
    shop: shop ?? null,
    items: items.map((i) => ({ ...i, price: Number(i.price) })),
    subtotal: Number(row.subtotal),
    delivery_fee: row.delivery_fee === null ? null : Number(row.delivery_fee),
    coach: coachView(row),
    total: Number(row.total),
    expires_at: row.expires_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    history: events.map((e) => ({ ...e, actor: e.actor ?? null })),
    payment,
  };
}

function coachView(row: OrderRow): OrderView['coach'] {
  if (row.fulfilment !== 'coach' || row.coach_town === null) return null;
  return {
    town: row.coach_town,
    depot: row.coach_depot,
    fare: row.coach_fare === null ? null : Number(row.coach_fare),
    company: row.coach_company,
    waybill: row.waybill,
  };
}

export async function loadAdminOrder(db: Executor, id: number): Promise<AdminOrder> {
  const row = await findOrder(db, id);
  if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
  return {
    ...(await loadOrderView(db, row)),
    id: row.id,
    version: row.version,
    wrong_codes: row.wrong_codes,
    held_for_review: row.wrong_codes >= WRONG_CODES_HOLD,
    payment_method: row.payment_method as PaymentMethod | null,
    payment_reference: row.payment_reference,
    transfers: (await transfersOfOrder(db, id)).map((t) => ({
      id: t.id,
      kind: t.kind,
      status: t.status,
      method: t.method,
      amount: Number(t.amount),
      reference: t.reference,
      note: t.note,
      created_at: t.created_at,
      settled_at: t.settled_at,
    })),
  };
}

/** The buyer's private link: a malformed token is as unknown as a wrong one. */
export async function orderOfToken(db: Executor, token: string): Promise<OrderRow> {
  const row = orderTokenPattern.test(token) ? await findOrderByTokenHash(db, hashToken(token)) : undefined;
  if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
  return row;
}

/** A completed order's after-sale part (docs/decisions/0099): made by modules/returns, passed in from app.ts. */
export type AfterSaleOf = (db: Executor, order: OrderRow) => Promise<OrderAfterSale>;

export async function loadOrderByToken(db: Executor, token: string, afterSale?: AfterSaleOf): Promise<PublicOrder> {
  const row = await orderOfToken(db, token);
  const order = await loadPublicOrder(db, row);
  if (!afterSale || row.status !== 'Completed' || row.completed_at === null) return order;
  return { ...order, after_sale: await afterSale(db, row) };
}

/** What staff record when a coach parcel leaves (decision 0072). */
interface CoachSending {
  coach_company: string | null;
  waybill: string | null;
  coach_fare: number | null;
}

type Move =
  | { action: 'confirm' }
  | { action: 'ready'; coach?: CoachSending | undefined }
  | {
      action: 'complete';
      payment_method: PaymentMethod | undefined;
      payment_reference: string | null;
      collection_code: string;
    }
  | { action: 'cancel'; reason: string }
  | { action: 'buyerCancel'; reason: string | null }
  | { action: 'expire' };

interface Actor {
  by: 'buyer' | 'staff' | 'system';
  id: number | null;
}

function auditText(row: OrderRow, move: Move, to: OrderStatus, by: Actor['by']): string {
  switch (move.action) {
    case 'confirm':
      return `Order ${row.number} confirmed with the buyer`;
    case 'ready':
      return row.fulfilment === 'coach'
        ? `Order ${row.number} sent by coach: ${move.coach?.coach_company ?? ''}, waybill ${move.coach?.waybill ?? ''}`
        : `Order ${row.number}: ${to.toLowerCase()}`;
    case 'complete':
      return `Order ${row.number} completed: ${formatMoney(Number(row.total))} by ${PAYMENT_METHOD_LABELS[move.payment_method ?? (row.payment as PaymentMethod)]}`;
    case 'cancel':
      return by === 'system'
        ? `Order ${row.number} cancelled: ${move.reason}`
        : `Order ${row.number} cancelled by staff`;
    case 'buyerCancel':
      return `Order ${row.number} cancelled by the buyer`;
    case 'expire':
      return `Order ${row.number} expired: not collected in time`;
  }
}

/**
 * One flow step inside the caller's transaction: check the flow allows it, move the status only if
 * nobody changed the order meanwhile, then its effects on the items, the history and the audit log.
 */
/** The server's link key, read before the transaction, for the messages a move writes. */
export interface Messaging {
  links: OrderLinks;
  key: string;
}

/** What the buyer is told of a move: nothing of what they did themselves, nor of staff's in-between steps. */
function newsOf(move: Move, actor: Actor): BuyerNews | undefined {
  if (move.action === 'ready') return 'ready';
  if (move.action === 'expire') return 'expired';
  if (move.action === 'cancel' && actor.by !== 'buyer') return 'cancelled';
  return undefined;
}

async function applyMove(
  trx: Transaction<Database>,
  row: OrderRow,
  move: Move,
  { actor, now, messaging }: { actor: Actor; now: string; messaging?: Messaging | undefined },
) {
  const state = { status: row.status, fulfilment: row.fulfilment };
  const refusal = whyNotOrder(state, move.action);
  if (refusal) throw new HttpError(409, `Cannot ${VERBS[move.action]}: ${refusal}`);
  const to = nextOrderStatus(state, move.action);
  const paidOnline = row.payment_status === 'paid';
  let extra: StatusExtra = {};
  let method: PaymentMethod | undefined;
  let reference: string | null = null;
  if (move.action === 'complete') {
    // Paid online: the payment already says how, and its money is in the ledger since it arrived.
    method = paidOnline ? (row.payment as PaymentMethod) : move.payment_method;
    // A 400 naming the field, as the schema answered before paying online existed.
    if (!method) throw new HttpError(400, 'Choose how the buyer paid', { payment_method: 'Choose how the buyer paid' });
    reference = paidOnline ? await paidReference(trx, row.id) : move.payment_reference;
    extra = { payment_method: method, payment_reference: reference, completed_at: now };
  } else if (move.action === 'ready' && row.fulfilment === 'coach') {
    extra = coachSent(row, move.coach);
  } else if (paidOnline && !isOpenOrder(to)) {
    // Cancelled (or, by a bug, expired) after paying: the money goes back by itself.
    extra = { payment_status: 'refunding' };
  }
  if (!(await moveStatus(trx, { id: row.id, version: row.version, status: to, now, extra })))
    throw new HttpError(409, ORDER_CHANGED_MEANWHILE);

  if (move.action === 'complete') {
    await markItemsSold(trx, row.id, now);
    // Sold: the offers still waiting or agreed on its items end, each buyer told (decision 0103).
    const sold = (await itemsOf(trx, row.id)).flatMap((i) => (i.product_id === null ? [] : [i.product_id]));
    await declineOffersOnSale(trx, sold, new Date(now));
    // The money taken at the counter (or on delivery), in the same transaction as the completion.
    if (!paidOnline && method)
      await recordMovement(
        trx,
        {
          kind: 'sale',
          direction: 'in',
          method,
          amount: Number(row.total),
          reference,
          orderId: row.id,
          subjectNumber: row.number,
          shopId: row.shop_id,
          staffId: actor.id,
        },
        new Date(now),
      );
  } else if (paidOnline && !isOpenOrder(to)) await refundOnClose(trx, row.id, now);
  // Completed, cancelled or expired: the order no longer holds its items (sold, or back on sale).
  if (!isOpenOrder(to)) await releaseHolds(trx, row.id);

  const reason = move.action === 'cancel' || move.action === 'buyerCancel' ? move.reason : null;
  await addEvent(trx, {
    order_id: row.id,
    action: move.action,
    from_status: row.status,
    to_status: to,
    reason,
    by: actor.by,
    actor_id: actor.id,
    created_at: now,
  });
  await recordAudit(trx, {
    actorId: actor.id,
    action: auditText(row, move, to, actor.by),
    subjectType: 'order',
    subjectId: row.id,
    at: now,
    ...(reason ? { detail: reason } : {}),
  });
  const news = newsOf(move, actor);
  // Told of the order as it now stands (a coach parcel's waybill).
  if (news && messaging) {
    const staffId = actor.by === 'staff' ? actor.id : null;
    await tellBuyer(trx, { ...row, ...extra, status: to }, news, { messaging, now: new Date(now), staffId });
  }
}

/**
 * A coach parcel leaves: its coach and waybill are required (the buyer is told them), and the fare staff agreed on the
 * phone joins the total, unless the buyer pays online (charged already: the fare is then paid at the depot).
 */
function coachSent(row: OrderRow, coach: CoachSending | undefined) {
  const errors: Record<string, string> = {};
  if (!coach?.coach_company) errors.coach_company = COACH_COMPANY_REQUIRED;
  if (!coach?.waybill) errors.waybill = WAYBILL_REQUIRED;
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(400, first, errors);
  const fare = coach!.coach_fare;
  if (fare === null) return { coach_company: coach!.coach_company, waybill: coach!.waybill };
  if (row.payment !== 'on_collection') throw new HttpError(409, FARE_AFTER_PAYING, { coach_fare: FARE_AFTER_PAYING });
  // The fare is only ever set here, and an order is sent once (the flow refuses a second send): the total had none.
  return {
    coach_company: coach!.coach_company,
    waybill: coach!.waybill,
    coach_fare: fare,
    total: Number(row.total) + fare,
  };
}

export type StaffMove = Extract<Move, { action: 'confirm' | 'ready' | 'complete' | 'cancel' }>;

/** `seenVersion`: the version on the staff member's screen, when the client sends it. */
export async function staffAct(
  db: Db,
  {
    now,
    actor,
    id,
    move,
    seenVersion,
    links,
  }: {
    now: Date;
    actor: SessionUser;
    id: number;
    move: StaffMove;
    seenVersion?: number | undefined;
    links?: OrderLinks | undefined;
  },
): Promise<AdminOrder> {
  const messaging = links ? { links, key: await links.key() } : undefined;
  if (move.action === 'complete') {
    // Checked first, in its own transaction: a wrong code is counted even though the completion is refused.
    const row = await findOrder(db.kysely, id);
    if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
    await checkCollectionCode(db, row, { given: move.collection_code, actor, now });
  }
  return db.kysely.transaction().execute(async (trx) => {
    const row = await findOrder(trx, id);
    if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
    if (seenVersion !== undefined && seenVersion !== row.version) throw new HttpError(409, ORDER_CHANGED_MEANWHILE);
    await applyMove(trx, row, move, { actor: { by: 'staff', id: actor.id }, now: now.toISOString(), messaging });
    return loadAdminOrder(trx, id);
  });
}

export async function buyerCancel(db: Db, now: Date, token: string, reason: string | null): Promise<PublicOrder> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await orderOfToken(trx, token);
    await applyMove(
      trx,
      row,
      { action: 'buyerCancel', reason },
      { actor: { by: 'buyer', id: null }, now: now.toISOString() },
    );
    return loadPublicOrder(trx, (await findOrder(trx, row.id))!);
  });
}

/** Due for expiry: an open order whose reservation ran out. */
const DUE_ORDERS: Due<'orders'> = {
  table: 'orders',
  status: 'status',
  statuses: EXPIRABLE_ORDER_STATUSES,
  dueAt: 'expires_at',
  // Paid: held until collected or cancelled; staff are told of one waiting long (dashboard).
  unless: { column: 'payment_status', values: ['paid', 'refunding'] },
};

export const NOT_PAID_IN_TIME = /*i18n*/ 'Not paid in time';

/**
 * A pay-now order whose payment did not arrive within its hold: with a proved phone it becomes an unpaid
 * reservation under the usual rules (held until `fallbackHours` after it was placed), otherwise it is cancelled.
 * The charge stays open: if the buyer pays after all, the payment lands on the order or is refunded.
 */
async function lapse(
  trx: Transaction<Database>,
  row: OrderRow,
  { at, fallbackHours, messaging }: { at: string; fallbackHours: number; messaging?: Messaging | undefined },
) {
  const until = new Date(Date.parse(row.created_at) + fallbackHours * 3_600_000).toISOString();
  if (row.phone_proved === 1 && until > at) {
    const set = { payment: 'on_collection', payment_status: 'not_required', expires_at: until };
    if (!(await movePayment(trx, { id: row.id, version: row.version, now: at, set })))
      throw new HttpError(409, ORDER_CHANGED_MEANWHILE);
    await noteEvent(trx, row, { action: 'payment_lapsed', reason: NOT_PAID_IN_TIME, by: 'system', at });
    // Held unpaid now: the buyer is told it is reserved, with the collection code (decision 0083).
    await tellPlacedOnce(trx, row, messaging, new Date(at));
    return;
  }
  await applyMove(
    trx,
    row,
    { action: 'cancel', reason: NOT_PAID_IN_TIME },
    { actor: { by: 'system', id: null }, now: at, messaging },
  );
}

/**
 * Expires open orders whose reservation ran out (see expireDue: each once, even with several processes
 * sweeping) and returns how many this call expired: each is released and recorded as expired by the system.
 */
export async function expireDueOrders(
  db: Db,
  now: Date,
  {
    batch,
    fallbackHours = DEFAULT_FALLBACK_HOURS,
    links,
  }: { batch?: number | undefined; fallbackHours?: number | undefined; links?: OrderLinks | undefined } = {},
): Promise<number> {
  const at = now.toISOString();
  const messaging = links ? { links, key: await links.key() } : undefined;
  return expireDue(db, DUE_ORDERS, {
    now,
    expire: (trx, row) =>
      row.payment !== 'on_collection' && row.payment_status !== 'paid'
        ? lapse(trx, row, { at, fallbackHours, messaging })
        : applyMove(trx, row, { action: 'expire' }, { actor: { by: 'system', id: null }, now: at, messaging }),
    batch,
  });
}
