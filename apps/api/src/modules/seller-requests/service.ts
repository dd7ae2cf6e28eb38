import type {
  adminSellerRequestSchema,
  ConditionGrade,
  OfferAnswer,
  OfferAnswerAction,
  SellerAccountOffer,
  SellerAction,
  SellerRequest,
  SellerStatus,
  SellerView,
} from '@marketplace/shared';
import {
  CONDITION_LABELS,
  flagsOf,
  formatMoney,
  hasOpenOffer,
  nextStatus,
  OPEN_OFFER_STATUSES,
  sellerStatusText,
  sellerTokenPattern,
  toAmount,
  whyNot,
} from '@marketplace/shared';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { expireDue, type Due } from '../../db/sweep.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/repository.js';
import { findUserByEmail } from '../auth/repository.js';
import type { SessionUser } from '../auth/service.js';
import { checkRefs, insertProductWithGallery } from '../admin-products/service.js';
import type { NormalizedImage } from '../images/normalize.js';
import { deleteUnusedImages, storeImages } from '../images/repository.js';
import { enqueueMessages, messagesOf } from '../notifications/outbox.js';
import { hashToken } from '../auth/tokens.js';
import { newReference, phoneKey, statusToken } from './codes.js';
import type { StatusLinks } from './links.js';
import { sellerMessages, type SellerNews } from './messages.js';
import {
  acceptedOffer,
  addEvent,
  addOffer,
  deleteRequest,
  eventsOf,
  findRequest,
  findRequestByTokenHash,
  insertRequest,
  latestOffer,
  linkImages,
  moveStatus,
  offersOf,
  productOfRequest,
  requestImages,
  setCondition,
  setStatusTokenHash,
  shopTown,
  type RequestRow,
  type RequestSearch,
} from './repository.js';

const REQUEST_NOT_FOUND = 'Seller request not found';
/** The seller's link: unknown and malformed tokens alike, never a hint whether a request exists. */
export const ITEM_NOT_FOUND = 'We could not find this item';
export const CHANGED_MEANWHILE =
  /*i18n*/ 'This request was changed by someone else meanwhile. Reload it and try again.';
export const OFFER_REPLACED =
  /*i18n*/ 'This offer was withdrawn and replaced by a newer one. Reload the page to see it.';

type Submission = z.output<typeof adminSellerRequestSchema>;

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

const ANSWERS: Record<string, OfferAnswer> = {
  sellerAccept: 'accepted',
  recordAcceptance: 'accepted',
  sellerDecline: 'declined',
  expireOffer: 'expired',
};
const DAY = 86_400_000;

/** `forSeller`: the seller's own view, where a note staff wrote when recording an acceptance stays internal. */
async function offersWithAnswers(db: Executor, id: number, forSeller = false) {
  return (await offersOf(db, id)).map((o) => ({
    id: o.id,
    kind: o.kind,
    amount: Number(o.amount),
    reason: o.reason,
    actor: o.actor,
    created_at: o.created_at,
    answer: o.answer_action ? (ANSWERS[o.answer_action] ?? null) : null,
    answered_at: o.answered_at ?? null,
    answer_reason: forSeller && o.answer_action === 'recordAcceptance' ? null : (o.answer_reason ?? null),
  }));
}

export async function loadRequest(db: Executor, id: number): Promise<SellerRequest> {
  const row = await findRequest(db, id);
  if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
  const [images, offers, history, productId, messages] = await Promise.all([
    requestImages(db, id),
    offersWithAnswers(db, id),
    eventsOf(db, id),
    productOfRequest(db, id),
    messagesOf(db, 'seller_request', id),
  ]);
  return {
    id: row.id,
    reference: row.reference,
    seller_name: row.seller_name,
    email: row.email,
    phone: row.phone,
    item_name: row.item_name,
    description: row.description,
    price: Number(row.price),
    location: row.location,
    condition: row.condition,
    status: row.status,
    notify_on_offer: row.notify_on_offer === 1,
    terms_accepted: row.terms_accepted === 1,
    create_seller_account: row.create_seller_account === 1,
    created_at: row.created_at,
    images: images.map((i) => i.filename),
    product_id: productId,
    offer_expires_at: row.offer_expires_at,
    offers,
    history,
    messages,
  };
}

/** An open offer whose time ran out is answered by nobody, even before the sweep marks it expired. */
function offerRanOut(row: RequestRow, now: Date) {
  return row.offer_expires_at !== null && row.offer_expires_at <= now.toISOString();
}

/** The seller's own view through the status link: no staff names, no contact details but the name. */
async function loadSellerView(db: Executor, row: RequestRow, now: Date): Promise<SellerView> {
  const [images, offers, history, latest] = await Promise.all([
    requestImages(db, row.id),
    offersWithAnswers(db, row.id, true),
    eventsOf(db, row.id),
    latestOffer(db, row.id),
  ]);
  const open = hasOpenOffer(flagsOf(row.status)) && latest !== undefined;
  return {
    reference: row.reference,
    item_name: row.item_name,
    description: row.description,
    price: Number(row.price),
    location: row.location,
    seller_name: row.seller_name,
    images: images.map((i) => i.filename),
    status: row.status,
    status_text: sellerStatusText(row.status),
    created_at: row.created_at,
    offers: offers.map(({ actor: _actor, ...offer }) => offer),
    open_offer: open
      ? {
          id: latest.id,
          kind: latest.kind,
          amount: Number(latest.amount),
          reason: latest.reason,
          created_at: latest.created_at,
          expires_at: row.offer_expires_at,
        }
      : null,
    can_answer: open && !offerRanOut(row, now),
    history: history.map((e) => ({ action: e.action, status: e.to_status, by: e.by, created_at: e.created_at })),
    account: await accountOffer(db, row),
  };
}

/** The seller account the form offered: only when it was asked for and an email given to log in with. */
async function accountOffer(db: Executor, row: RequestRow): Promise<SellerAccountOffer | null> {
  const hint = emailHint(row.email);
  if (row.seller_user_id !== null) return { state: 'linked', email_hint: hint };
  if (row.create_seller_account !== 1 || row.email === '') return null;
  return { state: (await findUserByEmail(db, row.email)) ? 'exists' : 'offered', email_hint: hint };
}

/** 'thoko@example.mw' -> 't***@example.mw': enough for the seller to recognise, not to copy. */
function emailHint(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***';
}

export async function requestOfToken(db: Executor, token: string): Promise<RequestRow> {
  const row = sellerTokenPattern.test(token) ? await findRequestByTokenHash(db, hashToken(token)) : undefined;
  if (!row) throw new HttpError(404, ITEM_NOT_FOUND);
  return row;
}

export async function loadViewByToken(db: Executor, token: string, now: Date): Promise<SellerView> {
  return loadSellerView(db, await requestOfToken(db, token), now);
}

/** One search box: a reference (with or without 'S-'), an email, or a phone number compared by its digits. */
export function searchOf(text: string): RequestSearch | undefined {
  const q = text.trim();
  if (q === '') return undefined;
  const upper = q.toUpperCase();
  const key = /^[\d+\-()\s]+$/.test(q) ? phoneKey(q) : '';
  return {
    reference: upper.startsWith('S-') ? upper : `S-${upper}`,
    email: q.includes('@') ? q.toLowerCase() : undefined,
    phoneKey: key.length >= 6 ? key : undefined,
  };
}

const REFERENCE_ATTEMPTS = 10;

/**
 * Stores a submission and its already-normalised images in one transaction: all or nothing. `actor` is
 * the staff member entering a walk-in request; `ownerId` the seller account of a logged-in seller.
 */
export async function submitRequest(
  db: Db,
  input: Submission,
  images: NormalizedImage[],
  actor: SessionUser | null,
  now: Date,
  links: StatusLinks,
  ownerId: number | null = null,
) {
  const key = await links.key();
  return db.kysely.transaction().execute(async (trx) => {
    const at = now.toISOString();
    let inserted: { id: number; reference: string; token: string } | undefined;
    for (let attempt = 0; attempt < REFERENCE_ATTEMPTS && !inserted; attempt++) {
      const reference = newReference();
      const token = statusToken(key, reference);
      const id = await insertRequest(trx, {
        reference,
        status_token_hash: hashToken(token),
        phone_key: phoneKey(input.phone),
        offer_expires_at: null,
        seller_name: input.seller_name,
        email: input.email.toLowerCase(),
        phone: input.phone,
        item_name: input.item_name,
        description: input.description,
        price: toAmount(input.price),
        location: input.location,
        status: 'Pending',
        notify_on_offer: input.notify_on_offer ? 1 : 0,
        terms_accepted: input.terms_accepted ? 1 : 0,
        create_seller_account: input.create_seller_account ? 1 : 0,
        condition: input.condition,
        seller_user_id: ownerId,
        version: 1,
        created_by: actor?.id ?? null,
        created_at: at,
        updated_at: at,
      });
      if (id !== undefined) inserted = { id, reference, token };
    }
    // 31^5 (28 million) references: reaching this means the space is nearly full, not bad luck.
    if (!inserted) throw new Error('No free seller-request reference after several attempts');
    const { id, reference, token } = inserted;
    const stored = await storeImages(trx, images);
    await linkImages(
      trx,
      id,
      stored.map((s) => s.id),
    );
    await addEvent(trx, {
      seller_request_id: id,
      action: 'submitted',
      from_status: null,
      to_status: 'Pending',
      reason: null,
      by: actor ? 'staff' : 'seller',
      actor_id: actor?.id ?? null,
      offer_id: null,
      created_at: at,
    });
    await recordAudit(trx, {
      actorId: actor?.id ?? null,
      action: actor
        ? `Created seller request ${reference} ${input.item_name} for ${input.seller_name}`
        : `New seller request ${reference} ${input.item_name}`,
      subjectType: 'seller_request',
      subjectId: id,
      at,
    });
    return { id, reference, token };
  });
}

export type Move =
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  | { action: 'offer' | 'counter'; amount: number; reason: string }
  | { action: 'addToInventory'; shop_id: number; category_id: number; price: number }
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
/** Staff moves tell the seller (when they asked to be told) with a link made from the server's key. */
interface Notify {
  key: string;
  links: StatusLinks;
}

async function applyMove(
  trx: Transaction<Database>,
  row: RequestRow,
  move: Move,
  actor: Actor,
  now: Date,
  offerDays: number,
  notify?: Notify,
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
  if (!(await moveStatus(trx, row.id, row.version, to, expiresAt, at))) throw new HttpError(409, CHANGED_MEANWHILE);

  let reason: string | null = null;
  if (makesOffer) {
    await addOffer(trx, row.id, move.action, move.amount, move.reason || null, actor.id!, at);
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
  if (news && notify && row.notify_on_offer === 1) await tellSeller(trx, row, news, notify, now);
}

/** Written in the action's transaction: the message exists exactly when the action does. */
async function tellSeller(trx: Transaction<Database>, row: RequestRow, news: SellerNews, notify: Notify, now: Date) {
  const token = statusToken(notify.key, row.reference);
  // A request made before links were derived from the key (or under another key) gets the link the
  // message carries; the earlier link stops working.
  if (hashToken(token) !== row.status_token_hash) await setStatusTokenHash(trx, row.id, hashToken(token));
  await enqueueMessages(trx, sellerMessages(row, news, notify.links.url(token)), now);
}

function isAnswer(action: SellerAction): action is OfferAnswerAction {
  return (
    action === 'recordAcceptance' || action === 'sellerAccept' || action === 'sellerDecline' || action === 'expireOffer'
  );
}

export type StaffMove = Exclude<Move, { action: 'sellerAccept' | 'sellerDecline' | 'expireOffer' }>;

export async function act(
  db: Db,
  now: Date,
  offerDays: number,
  actor: SessionUser,
  id: number,
  move: StaffMove,
  links: StatusLinks,
): Promise<SellerRequest> {
  const key = await links.key();
  return db.kysely.transaction().execute(async (trx) => {
    const row = await findRequest(trx, id);
    if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
    await applyMove(trx, row, move, { by: 'staff', id: actor.id }, now, offerDays, { key, links });
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
    await applyMove(trx, row, move, { by: 'seller', id: null }, now, 0);
    return loadSellerView(trx, (await findRequest(trx, row.id))!, now);
  });
}

/**
 * The item becomes a published product of the shop, with the request's own images: sold at the
 * selling price staff chose, bought at the offer the seller accepted, located in the shop's town.
 */
async function addToInventory(
  trx: Transaction<Database>,
  row: RequestRow,
  move: Extract<Move, { action: 'addToInventory' }>,
  now: string,
): Promise<string | null> {
  await checkRefs(trx, move.category_id, move.shop_id);
  const [town, accepted, images] = await Promise.all([
    shopTown(trx, move.shop_id),
    acceptedOffer(trx, row.id),
    requestImages(trx, row.id),
  ]);
  const product = {
    name: row.item_name,
    description: row.description,
    price: move.price,
    sale_price: null,
    buying_price: accepted ? Number(accepted.amount) : null,
    currency: 'MWK',
    location: town || row.location,
    shop_id: move.shop_id,
    category_id: move.category_id,
    published: 1,
    sold: 0,
    seller_request_id: row.id,
    // The grade as staff last set or corrected it on the request; warranty and battery are the shop's to state.
    condition: row.condition,
    created_at: now,
    updated_at: now,
  };
  await insertProductWithGallery(
    trx,
    product,
    images.map((i) => i.id),
  );
  return town || null;
}

const gradeName = (grade: ConditionGrade | null) => (grade ? CONDITION_LABELS[grade] : 'not graded');

/**
 * Staff set or correct the grade (any status: a product made from the request keeps its own grade). It moves
 * the version, so an add to inventory that read the old grade meanwhile is refused rather than copying it.
 */
export async function setRequestCondition(
  db: Db,
  now: Date,
  actor: SessionUser,
  id: number,
  condition: ConditionGrade | null,
): Promise<SellerRequest> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await findRequest(trx, id);
    if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
    if (row.condition !== condition) {
      const at = now.toISOString();
      if (!(await setCondition(trx, id, row.version, condition, at))) throw new HttpError(409, CHANGED_MEANWHILE);
      await recordAudit(trx, {
        actorId: actor.id,
        action: `Seller request ${row.reference} ${row.item_name}: condition ${gradeName(condition)} (was ${gradeName(row.condition)})`,
        subjectType: 'seller_request',
        subjectId: id,
        at,
      });
    }
    return loadRequest(trx, id);
  });
}

export async function removeRequest(db: Db, actor: SessionUser, id: number) {
  await db.kysely.transaction().execute(async (trx) => {
    const row = await findRequest(trx, id);
    if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
    const images = await requestImages(trx, id);
    if (!(await deleteRequest(trx, id, row.version))) throw new HttpError(409, CHANGED_MEANWHILE);
    // Images a product now uses (after add to inventory) stay; the others go with the request.
    await deleteUnusedImages(
      trx,
      images.map((i) => i.id),
    );
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Deleted seller request ${row.reference} ${row.item_name}`,
      subjectType: 'seller_request',
      subjectId: id,
    });
  });
}

/** Due for expiry: an open offer the seller did not answer in time. */
const DUE_OFFERS: Due<'seller_requests'> = {
  table: 'seller_requests',
  dueAt: 'offer_expires_at',
  statuses: OPEN_OFFER_STATUSES,
};

/**
 * Expires open offers not answered in time (see expireDue: each once, even with several processes
 * sweeping) and returns how many this call expired: each is recorded as expired by the system.
 */
export async function expireDueOffers(db: Db, now: Date, batch?: number): Promise<number> {
  return expireDue(
    db,
    DUE_OFFERS,
    now,
    (trx, row) => applyMove(trx, row, { action: 'expireOffer' }, { by: 'system', id: null }, now, 0),
    batch,
  );
}
