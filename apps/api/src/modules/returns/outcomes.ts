import {
  formatMoney,
  isMobileMoney,
  MOBILE_MONEY_LABELS,
  normalizeMalawiPhone,
  RETURN_NOT_FOUND,
  type ConditionGrade,
  type refundReturnSchema,
  type replaceReturnSchema,
  type ReturnStatus,
} from '@marketplace/shared';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import type { ReturnsTable } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { queueReturnRefund, recordMovement, unrefundedCharges } from '../ledger/index.js';
import { BRAND, enqueueMessages, message } from '../notifications/index.js';
import {
  markReplacementSold,
  putBackInStock,
  replacementCandidate,
  writeOffProduct,
  writeOffState,
} from '../products/index.js';
import { declineOffersOnSale } from '../offers/index.js';
import { shopForOrder } from '../shops/index.js';
import { outcomeOf, returnForOutcome, linkOutcome, type ReturnForOutcome } from './repository/outcomes.js';
import { addStaffEvent, moveReturn } from './repository/staff.js';

// A received return's outcome (docs/decisions/0099): refunded the way the buyer paid, or replaced by another item of
// the same model, grade and price; either way the returned item goes back in stock, unpublished, with the grade found
// at the counter. Each is claimed by status and version, audited, kept in the request's history and told to the buyer.

const RETURN_NOT_RECEIVED = 'Only a received return can be refunded or replaced';
const RETURN_CHANGED_MEANWHILE = 'This return was changed meanwhile: reload it';
const FULL_REFUND = (price: number) => `A return is refunded in full: ${formatMoney(price)}`;
const TOO_MUCH = (price: number) => `A refund cannot be more than the buyer paid: ${formatMoney(price)}`;
const PART_NEEDS_REASON = 'Give the reason for refunding part of a warranty claim';
const NOTHING_PAID = 'Nothing was paid for this item (it replaced a returned one): repair or replace it instead';
const NO_CHARGE = 'No mobile-money payment of this order is left to refund: refund it in cash';

/** Adds the replacement as a line of the order at no charge (orders' function, passed in by app.ts). */
export type AddOrderLine = (
  db: Executor,
  item: { orderId: number; productId: number; name: string; image: string | null },
) => Promise<number>;

interface Acting {
  actor: SessionUser;
  id: number;
  now: Date;
}

/** The request, or 404; and 409 unless it waits for its outcome. */
async function receivedReturn(trx: Executor, id: number): Promise<ReturnForOutcome> {
  const found = await returnForOutcome(trx, id);
  if (!found) throw new HttpError(404, RETURN_NOT_FOUND);
  if (found.status !== 'received') throw new HttpError(409, RETURN_NOT_RECEIVED);
  return found;
}

/** Claims the request for its outcome, or 409 when another step moved it first. */
async function decide(trx: Executor, r: ReturnForOutcome, set: Updateable<ReturnsTable> & { updated_at: string }) {
  const to = set.status ?? r.status;
  if (!(await moveReturn(trx, { id: r.id, from: r.status, version: r.version, to, set, now: set.updated_at })))
    throw new HttpError(409, RETURN_CHANGED_MEANWHILE);
}

/** The returned item is stock again (part 3 of the issue); a product deleted since keeps nothing to put back. */
async function backOnShelf(trx: Executor, r: ReturnForOutcome, at: string) {
  if (r.product_id !== null && r.condition !== null)
    await putBackInStock(trx, r.product_id, { condition: r.condition, at });
}

/** What every outcome writes besides its own change: the history, the audit entry and the buyer's SMS. */
async function recordOutcome(
  trx: Executor,
  r: ReturnForOutcome,
  { actor, now, to, note, sms }: { actor: SessionUser; now: Date; to: ReturnStatus; note: string; sms: string },
) {
  const at = now.toISOString();
  await addStaffEvent(trx, { returnId: r.id, from: r.status, to, userId: actor.id, note, at });
  await recordAudit(trx, {
    actorId: actor.id,
    action: `Return ${r.reference} (order ${r.order_number}): ${note}`,
    subjectType: 'return',
    subjectId: r.id,
    at,
  });
  const phone = normalizeMalawiPhone(r.phone);
  if (phone)
    await enqueueMessages(
      trx,
      // About the order: its page lists it, and it is erased with the order's personal data (decision 0078).
      [{ channel: 'sms', recipient: phone, body: sms, subjectType: 'order', subjectId: r.order_id, staffId: actor.id }],
      now,
    );
}

async function outcome(db: Executor, id: number) {
  return (await outcomeOf(db, id))!;
}

type Refund = z.output<typeof refundReturnSchema>;

/** A mobile-money refund the gateway failed: it may be refunded again, by wallet or in cash (nothing was paid). */
const failedRefund = (r: ReturnForOutcome) => r.status === 'refunded' && r.refund_transfer_status === 'failed';

/** The request to refund, or 404; 409 unless it was received, or its mobile-money refund failed. */
async function refundable(trx: Executor, id: number): Promise<ReturnForOutcome> {
  const found = await returnForOutcome(trx, id);
  if (!found) throw new HttpError(404, RETURN_NOT_FOUND);
  if (found.status !== 'received' && !failedRefund(found)) throw new HttpError(409, RETURN_NOT_RECEIVED);
  return found;
}

/** The amount to refund: a return in full, a warranty claim in part with a reason; sent again, the same amount. */
function refundAmount(r: ReturnForOutcome, body: Refund): number {
  if (failedRefund(r)) {
    const decided = Number(r.refund_amount);
    if (body.amount !== undefined && body.amount !== decided)
      throw new HttpError(422, `A failed refund is sent again for the same amount: ${formatMoney(decided)}`);
    return decided;
  }
  const price = Number(r.item_price);
  // A replacement's line cost nothing: there is no money to give back for it.
  if (price === 0) throw new HttpError(422, NOTHING_PAID);
  const amount = body.amount ?? price;
  if (r.kind === 'return' && amount !== price) throw new HttpError(422, FULL_REFUND(price));
  if (amount > price) throw new HttpError(422, TOO_MUCH(price));
  if (amount < price && !body.reason) throw new HttpError(422, PART_NEEDS_REASON);
  return amount;
}

/**
 * Refunds a received return (or sends again one whose mobile-money refund failed). 'original' pays it back the way the buyer paid: by mobile money, as a refund of the
 * paid charge sent through the gateway (the ledger row is written when it settles, as a cancel's refund is; a TNM
 * refund becomes a task paid by hand, decision 0079); an order paid at the counter, in cash. 'cash' pays it at the
 * counter now, a ledger row naming who paid. Answers whether a transfer waits to be sent (the caller nudges it).
 */
export async function refundReturn(db: Db, { actor, id, now, body }: Acting & { body: Refund }) {
  const at = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const r = await refundable(trx, id);
    const again = failedRefund(r);
    const amount = refundAmount(r, body);
    const byWallet = body.method === 'original' && isMobileMoney(r.payment) && r.payment_status === 'paid';
    const charge = byWallet ? (await unrefundedCharges(trx, r.order_id))[0] : undefined;
    if (byWallet && !charge) throw new HttpError(422, NO_CHARGE);
    const method = charge ? 'original' : 'cash';
    await decide(
      trx,
      r,
      again
        ? { refund_method: method, refund_transfer_id: null, updated_at: at }
        : {
            status: 'refunded',
            refund_amount: amount,
            refund_method: method,
            refund_reason: body.reason,
            decided_at: at,
            decided_by: actor.id,
            updated_at: at,
          },
    );
    const wallet = charge ? MOBILE_MONEY_LABELS[charge.method as keyof typeof MOBILE_MONEY_LABELS] : null;
    if (charge) {
      const transfer = await queueReturnRefund(trx, { charge, amount, staffId: actor.id, at });
      await linkOutcome(trx, r.id, { refund_transfer_id: transfer.id });
    } else {
      await recordMovement(
        trx,
        {
          kind: 'refund',
          direction: 'out',
          method: 'cash',
          amount,
          orderId: r.order_id,
          subjectNumber: r.order_number,
          shopId: r.shop_id,
          staffId: actor.id,
          note: `Return ${r.reference}${body.reason ? `: ${body.reason}` : ''}`,
        },
        now,
      );
    }
    // Sent again, the item is long back in stock (maybe on sale or written off since): left as it is.
    if (!again) await backOnShelf(trx, r, at);
    const how = wallet ? `by ${wallet} to the number that paid` : 'in cash at the counter';
    await recordOutcome(trx, r, {
      actor,
      now,
      to: 'refunded',
      note: `${again ? 'refund sent again: ' : ''}refunded ${formatMoney(amount)} ${how}${body.reason ? ` (${body.reason})` : ''}`,
      sms: message(r.language, 'return.refunded', {
        reference: r.reference,
        number: r.order_number,
        amount,
        wallet,
      }),
    });
    return { outcome: await outcome(trx, r.id), sent: charge !== undefined };
  });
}

type Replace = z.output<typeof replaceReturnSchema>;
type Candidate = NonNullable<Awaited<ReturnType<typeof replacementCandidate>>>;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Why this product cannot replace the returned item; null when it can. */
function unfitReplacement(r: ReturnForOutcome, p: Candidate | undefined, grade: ConditionGrade | null): string | null {
  if (!p || p.shop_id !== r.shop_id) return 'The replacement must be an item of the same shop';
  if (p.id === r.product_id) return 'The replacement must be another item than the returned one';
  if (p.published !== 1 || p.sold !== 0 || p.hidden_by_reports !== 0 || p.written_off_at !== null)
    return 'The replacement must be in stock: published and not sold';
  if (p.held_by !== null) return 'The replacement is held by an open order';
  if (p.transit_shop_id !== null) return 'The replacement is on its way to another shop';
  if (!sameName(p.name, r.item_name)) return `The replacement must be the same model: ${r.item_name}`;
  if (p.condition !== grade) return `The replacement must be of the same condition grade: ${grade ?? 'not graded'}`;
  if (Number(p.price) !== Number(r.item_price))
    return `The replacement must have the same price: ${formatMoney(Number(r.item_price))}`;
  return null;
}

/**
 * Replaces a received return by another item of the same model, grade (the one the buyer bought) and price from the
 * shop's stock: a new line of the same order at no charge, the item sold as an order completion sells it.
 */
export async function replaceReturn(
  db: Db,
  { actor, id, now, body, addOrderLine }: Acting & { body: Replace; addOrderLine: AddOrderLine },
) {
  const at = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const r = await receivedReturn(trx, id);
    const p = await replacementCandidate(trx, body.product_id);
    // The grade the buyer bought: the returned item's own, unless it was deleted (then the one found at receive).
    const unfit = unfitReplacement(r, p, r.product_id !== null ? r.sold_condition : r.condition);
    if (unfit || !p) throw new HttpError(422, unfit ?? 'The replacement must be an item of the same shop');
    await decide(trx, r, {
      status: 'replaced',
      replacement_product_id: p.id,
      decided_at: at,
      decided_by: actor.id,
      updated_at: at,
    });
    if (!(await markReplacementSold(trx, p.id, at))) throw new HttpError(409, 'The replacement was sold meanwhile');
    // Given away as a replacement, it is sold: its offers end as at any sale (decision 0103).
    await declineOffersOnSale(trx, [p.id], new Date(at));
    const line = await addOrderLine(trx, { orderId: r.order_id, productId: p.id, name: p.name, image: p.cover });
    await linkOutcome(trx, r.id, { replacement_item_id: line });
    await backOnShelf(trx, r, at);
    const shop = r.shop_id === null ? undefined : await shopForOrder(trx, r.shop_id);
    await recordOutcome(trx, r, {
      actor,
      now,
      to: 'replaced',
      note: `replaced by item ${p.id} (${p.name}) at no charge`,
      sms: message(r.language, 'return.replaced', {
        reference: r.reference,
        number: r.order_number,
        item: p.name,
        shop: shop ? `${shop.name}, ${shop.address}` : BRAND,
      }),
    });
    return outcome(trx, r.id);
  });
}

const WRITE_OFF_WHEN = 'Only an item whose return was refunded or replaced can be written off';

/**
 * Takes a returned item out of stock for good, with the reason: a product status, nothing in the ledger. Only after
 * the return was refunded or replaced, while the item is unpublished (published again, it is on sale, not beyond use).
 */
export async function writeOffReturn(db: Db, { actor, id, now, reason }: Acting & { reason: string }) {
  const at = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const r = await returnForOutcome(trx, id);
    if (!r) throw new HttpError(404, RETURN_NOT_FOUND);
    if (r.status !== 'refunded' && r.status !== 'replaced') throw new HttpError(409, WRITE_OFF_WHEN);
    const product = r.product_id === null ? undefined : await writeOffState(trx, r.product_id);
    if (!product) throw new HttpError(409, 'The returned item no longer exists');
    if (product.written_off_at !== null) throw new HttpError(409, 'This item is already written off');
    if (product.published !== 0 || product.sold !== 0)
      throw new HttpError(409, 'This item is on sale again: unpublish it before writing it off');
    if (!(await writeOffProduct(trx, product.id, { reason, at }))) throw new HttpError(409, RETURN_CHANGED_MEANWHILE);
    await addStaffEvent(trx, {
      returnId: r.id,
      from: r.status,
      to: r.status,
      userId: actor.id,
      note: `written off: ${reason}`,
      at,
    });
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Item ${product.id} written off after return ${r.reference}`,
      subjectType: 'product',
      subjectId: product.id,
      at,
      detail: reason,
    });
    return outcome(trx, r.id);
  });
}
