import type { OfferAnswerAction, SellerAction, SellerRequest, SellerStatus, SellerView } from '@marketplace/shared';
import { flagsOf, formatMoney, hasOpenOffer, nextStatus, whyNot } from '@marketplace/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { addToInventory, type ProductSpecs } from './inventory.js';
import type { StatusLinks } from './links.js';
import { tellSeller, type Notify, type SellerNews } from './messages.js';
import { addEvent, addOffer, findRequest, latestOffer, moveStatus, type RequestRow } from './repository.js';
import { loadRequest, loadSellerView, offerRanOut, REQUEST_NOT_FOUND, requestOfToken } from './views.js';

export const CHANGED_MEANWHILE =
  /*i18n*/ 'This request was changed by someone else meanwhile. Reload it and try again.';
export const OFFER_REPLACED =
  /*i18n*/ 'This offer was withdrawn and replaced by a newer one. Reload the page to see it.';

/** The verb of "Cannot <verb>: <reason>". */
const ACTION_NAMES: Record<SellerAction, string> = {
  approve: 'approve',
  offer: 'make an offer',
  addToInventory: 'add to inventory',
  counter: 'make a counter-offer',
  reject: 'reject',
  delete: 'delete',
  recordAcceptance: "record the seller's acceptance",
  sellerAccept: 'accept the offer',
  sellerDecline: 'decline the offer',
  expireOffer: 'expire the offer',
};

const DAY = 86_400_000;

export type Move =
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  | { action: 'offer' | 'counter'; amount: number; reason: string }
  | {
      action: 'addToInventory';
      shop_id: number;
      category_id: number;
      price: number;
      /** What staff confirmed at intake (decision 0069); null: not stated. */
      specs: ProductSpecs;
    }
  | { action: 'recordAcceptance'; note: string }
  | { action: 'sellerAccept' | 'sellerDecline'; reason: string | null; offerId: number | undefined }
  | { action: 'expireOffer' };

interface Actor {
  by: 'seller' | 'staff' | 'system';
  id: number | null;
}

function auditText(row: RequestRow, move: Move, to: SellerStatus): string {
  const subject = `Seller request ${row.reference} ${row.item_name}`;
  const change = `(${row.status} → ${to})`;
  switch (move.action) {
    case 'offer':
    case 'counter':
      return `${subject}: ${ACTION_NAMES[move.action]} of ${formatMoney(move.amount)} ${change}`;
    // The answers name their outcome; the statuses would push the text past the audit list's width.
    case 'sellerAccept':
      return `${subject}: the seller accepted the offer`;
    case 'sellerDecline':
      return `${subject}: the seller declined the offer`;
    case 'expireOffer':
      return `${subject}: the offer expired unanswered`;
    default:
      return `${subject}: ${ACTION_NAMES[move.action]} ${change}`;
  }
}

/**
 * One flow step inside the caller's transaction: check the flow allows it, move the status only if
 * nobody changed the request meanwhile, then write the offer, product, history and audit rows.
 */
async function applyMove(
  trx: Transaction<Database>,
  row: RequestRow,
  move: Move,
  { actor, now, offerDays, notify }: { actor: Actor; now: Date; offerDays: number; notify?: Notify },
) {
  const flags = flagsOf(row.status);
  const refusal = whyNot(flags, move.action);
  if (refusal) throw new HttpError(409, `Cannot ${ACTION_NAMES[move.action]}: ${refusal}`);

  // An answer answers the latest offer; the seller names the one on their screen, so a newer one is not accepted unseen.
  let answered: number | null = null;
  if (isAnswer(move.action)) {
    const open = await latestOffer(trx, row.id);
    if (!open)
      throw new HttpError(409, `Cannot ${ACTION_NAMES[move.action]}: There is no offer waiting for an answer.`);
    if (
      (move.action === 'sellerAccept' || move.action === 'sellerDecline') &&
      move.offerId !== undefined &&
      move.offerId !== open.id
    )
      throw new HttpError(409, OFFER_REPLACED);
    if (actor.by === 'seller' && offerRanOut(row, now))
      throw new HttpError(409, `Cannot ${ACTION_NAMES[move.action]}: The offer has expired.`);
    answered = open.id;
  }

  const to = nextStatus(flags, move.action);
  const at = now.toISOString();
  const makesOffer = move.action === 'offer' || move.action === 'counter';
  const expiresAt = makesOffer
    ? new Date(now.getTime() + offerDays * DAY).toISOString()
    : hasOpenOffer(flagsOf(to))
      ? row.offer_expires_at
      : null;
  if (!(await moveStatus(trx, { id: row.id, version: row.version, status: to, offerExpiresAt: expiresAt, now: at })))
    throw new HttpError(409, CHANGED_MEANWHILE);

  let reason: string | null = null;
  if (makesOffer) {
    await addOffer(trx, {
      requestId: row.id,
      kind: move.action,
      amount: move.amount,
      reason: move.reason || null,
      actorId: actor.id!,
      now: at,
    });
    reason = move.reason || null;
  } else if (move.action === 'reject') {
    reason = move.reason;
  } else if (move.action === 'recordAcceptance') {
    reason = move.note;
  } else if (move.action === 'sellerAccept' || move.action === 'sellerDecline') {
    reason = move.reason || null;
  }
  let news: SellerNews | null = null;
  if (makesOffer) news = { kind: 'offer', amount: move.amount, reason: move.reason || null, expiresAt: expiresAt! };
  else if (move.action === 'reject') news = { kind: 'rejected', reason: move.reason };
  else if (move.action === 'addToInventory')
    news = { kind: 'inventory', town: await addToInventory(trx, row, move, at) };
  await addEvent(trx, {
    seller_request_id: row.id,
    action: move.action,
    from_status: row.status,
    to_status: to,
    reason,
    by: actor.by,
    actor_id: actor.id,
    offer_id: answered,
    created_at: at,
  });
  await recordAudit(trx, {
    actorId: actor.id,
    action: auditText(row, move, to),
    subjectType: 'seller_request',
    subjectId: row.id,
    at,
    ...(reason ? { detail: reason } : {}),
  });
  if (news && notify && row.notify_on_offer === 1)
    await tellSeller(trx, { row, news, notify, now, staffId: actor.by === 'staff' ? actor.id : null });
}

function isAnswer(action: SellerAction): action is OfferAnswerAction {
  return (
    action === 'recordAcceptance' || action === 'sellerAccept' || action === 'sellerDecline' || action === 'expireOffer'
  );
}

export type StaffMove = Exclude<Move, { action: 'sellerAccept' | 'sellerDecline' | 'expireOffer' }>;

export async function act(
  db: Db,
  {
    now,
    offerDays,
    actor,
    id,
    move,
    links,
  }: { now: Date; offerDays: number; actor: SessionUser; id: number; move: StaffMove; links: StatusLinks },
): Promise<SellerRequest> {
  const key = await links.key();
  return db.kysely.transaction().execute(async (trx) => {
    const row = await findRequest(trx, id);
    if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
    await applyMove(trx, row, move, { actor: { by: 'staff', id: actor.id }, now, offerDays, notify: { key, links } });
    return loadRequest(trx, id);
  });
}

/** The seller accepts or declines the open offer through the status link. */
export async function sellerAnswer(
  db: Db,
  now: Date,
  token: string,
  move: Extract<Move, { action: 'sellerAccept' | 'sellerDecline' }>,
): Promise<SellerView> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await requestOfToken(trx, token);
    await applyMove(trx, row, move, { actor: { by: 'seller', id: null }, now, offerDays: 0 });
    return loadSellerView(trx, (await findRequest(trx, row.id))!, now);
  });
}

/** The sweep's move (see expiry.ts): the system expires an open offer nobody answered in time. */
export function expireOffer(trx: Transaction<Database>, row: RequestRow, now: Date) {
  return applyMove(trx, row, { action: 'expireOffer' }, { actor: { by: 'system', id: null }, now, offerDays: 0 });
}
