import {
  AGREED_PRICE_HOURS,
  OFFER_COUNTER_RANGE,
  OFFER_NOT_FOUND,
  OFFER_NOT_ON_SALE,
  formatMoney,
  type OfferDeclineReason,
  type OfferStatus,
} from '@marketplace/shared';
import type { Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { OffersTable } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { productForOffer } from '../products/index.js';
import type { OfferLinks } from './links.js';
import { tellOfferBuyer, type OfferNews } from './news.js';
import { findOffer, moveOffer, type OfferRow } from './repository.js';

// The steps of an offer after it is made (docs/decisions/0103): staff accept, counter or decline; the buyer accepts
// a counter or withdraws. Each moves the offer only from the status and version it was read in (409 for a second
// click), is audited, and (staff's) told to the buyer by SMS in the offer's language, in one transaction.

export const OFFER_CHANGED_MEANWHILE = 'This offer changed meanwhile: reload it';
const HOUR = 3_600_000;

/** Who acts (staff, or the buyer through their link: null), on which offer, when, with which settings. */
export interface OfferCall {
  actor: SessionUser | null;
  now: Date;
  links: OfferLinks;
  offerHours: number;
}

interface Step {
  from: readonly OfferStatus[];
  to: OfferStatus;
  /** "This offer is declined: it cannot be {done}". */
  done: string;
  set: Updateable<OffersTable>;
  /** Said after "Offer O-...: " in the audit log. */
  audit: string;
  /** The buyer's SMS (staff's steps only), and the amount it names. */
  news?: { what: OfferNews; amount: number; why?: OfferDeclineReason };
}

/** The item still takes offers (not sold, held, moving or off sale): an agreed price needs an item to order. */
async function refuseOffSale(trx: Executor, row: OfferRow) {
  if (!(await productForOffer(trx, row.product_id))?.onSale) throw new HttpError(409, OFFER_NOT_ON_SALE);
}

async function applyStep(
  db: Db,
  call: OfferCall,
  find: (trx: Executor) => Promise<OfferRow | undefined>,
  make: (trx: Executor, row: OfferRow, at: string) => Promise<Step> | Step,
): Promise<OfferRow> {
  const { actor, now, links } = call;
  const key = await links.key();
  return db.kysely.transaction().execute(async (trx) => {
    const row = await find(trx);
    if (!row) throw new HttpError(404, OFFER_NOT_FOUND);
    const at = now.toISOString();
    const step = await make(trx, row, at);
    if (!step.from.includes(row.status))
      throw new HttpError(409, `This offer is ${row.status}: it cannot be ${step.done}`);
    const moved = await moveOffer(trx, {
      id: row.id,
      from: row.status,
      version: row.version,
      to: step.to,
      set: step.set,
      now: at,
    });
    if (!moved) throw new HttpError(409, OFFER_CHANGED_MEANWHILE);
    await recordAudit(trx, {
      actorId: actor?.id ?? null,
      action: `Offer ${row.reference} on ${row.product_name}: ${step.audit}`,
      subjectType: 'offer',
      subjectId: row.id,
      at,
    });
    if (step.news) await tellOfferBuyer(trx, row, step.news, { messaging: { links, key }, now, staffId: actor?.id });
    return (await findOffer(trx, row.id))!;
  });
}

/** An agreed price: the buyer may order at `amount` for AGREED_PRICE_HOURS. */
function agreed(amount: number, now: Date, decidedBy: number | null): Updateable<OffersTable> {
  const until = new Date(now.getTime() + AGREED_PRICE_HOURS * HOUR).toISOString();
  return { agreed_amount: amount, agreed_until: until, expires_at: until, decided_by: decidedBy };
}

const byId = (id: number) => (trx: Executor) => findOffer(trx, id);

/** Staff accept the offer as made. */
export function acceptOffer(db: Db, call: OfferCall & { actor: SessionUser }, id: number) {
  return applyStep(db, call, byId(id), async (trx, row) => {
    await refuseOffSale(trx, row);
    const amount = Number(row.amount);
    return {
      from: ['open'],
      to: 'accepted',
      done: 'accepted',
      set: agreed(amount, call.now, call.actor.id),
      audit: `accepted at ${formatMoney(amount)}`,
      news: { what: 'accepted', amount },
    };
  });
}

/** Staff answer with another amount, strictly between the offer and the item's price; the buyer has OFFER_HOURS. */
export function counterOffer(db: Db, call: OfferCall & { actor: SessionUser }, id: number, amount: number) {
  return applyStep(db, call, byId(id), async (trx, row) => {
    await refuseOffSale(trx, row);
    if (amount <= Number(row.amount) || amount >= Number(row.product_price))
      throw new HttpError(422, OFFER_COUNTER_RANGE, { amount: OFFER_COUNTER_RANGE });
    return {
      from: ['open'],
      to: 'countered',
      done: 'countered',
      set: {
        counter_amount: amount,
        expires_at: new Date(call.now.getTime() + call.offerHours * HOUR).toISOString(),
        decided_by: call.actor.id,
      },
      audit: `countered with ${formatMoney(amount)}`,
      news: { what: 'countered', amount },
    };
  });
}

/** Staff decline, with a reason from the fixed list (the buyer reads it in their language). */
export function declineOffer(db: Db, call: OfferCall & { actor: SessionUser }, id: number, why: OfferDeclineReason) {
  return applyStep(db, call, byId(id), (_trx, row) => ({
    from: ['open', 'countered'],
    to: 'declined',
    done: 'declined',
    set: { decline_reason: why, expires_at: null, decided_by: call.actor.id },
    audit: `declined (${why})`,
    news: { what: 'declined', amount: Number(row.amount), why },
  }));
}

/** The buyer accepts the shop's counter from their link: the counter becomes the agreed price. */
export function acceptCounter(db: Db, call: OfferCall, find: (trx: Executor) => Promise<OfferRow | undefined>) {
  return applyStep(db, call, find, async (trx, row) => {
    await refuseOffSale(trx, row);
    const amount = Number(row.counter_amount);
    return {
      from: ['countered'],
      to: 'accepted',
      done: 'accepted',
      set: agreed(amount, call.now, null),
      audit: `the buyer accepted the counter of ${formatMoney(amount)}`,
    };
  });
}

/** The buyer withdraws their offer (waiting, countered, or agreed and not ordered). */
export function withdrawOffer(db: Db, call: OfferCall, find: (trx: Executor) => Promise<OfferRow | undefined>) {
  return applyStep(db, call, find, () => ({
    from: ['open', 'countered', 'accepted'],
    to: 'withdrawn',
    done: 'withdrawn',
    set: { expires_at: null },
    audit: 'withdrawn by the buyer',
  }));
}
