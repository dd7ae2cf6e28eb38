import type { OfferAnswer, SellerAccountOffer, SellerRequest, SellerView } from '@marketplace/shared';
import { flagsOf, hasOpenOffer, sellerStatusText, sellerTokenPattern } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { hashToken } from '../auth/index.js';
import { findCategory } from '../categories/index.js';
import { deviceRecord } from '../devices/index.js';
import { messagesOf } from '../notifications/index.js';
import { productOfSellerRequest } from '../products/index.js';
import { phoneKey } from './codes.js';
import { payoutOf } from './payout.js';
import { moneyRefersTo } from '../ledger/index.js';
import {
  eventsOf,
  findRequest,
  findRequestByTokenHash,
  latestOffer,
  listRequests,
  markRequestDeviceSaved,
  requestCeir,
  offersOf,
  requestImages,
  type RequestPage,
  type RequestRow,
  type RequestSearch,
} from './repository.js';

export const REQUEST_NOT_FOUND = 'Seller request not found';
/** The seller's link: unknown and malformed tokens alike, never a hint whether a request exists. */
export const ITEM_NOT_FOUND = 'We could not find this item';

const ANSWERS: Record<string, OfferAnswer> = {
  sellerAccept: 'accepted',
  recordAcceptance: 'accepted',
  sellerDecline: 'declined',
  expireOffer: 'expired',
};

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
  const [images, offers, history, productId, messages, payout, category, device, moneyRecorded] = await Promise.all([
    requestImages(db, id),
    offersWithAnswers(db, id),
    eventsOf(db, id),
    productOfSellerRequest(db, id),
    messagesOf(db, 'seller_request', id),
    payoutOf(db, id, true),
    row.category_id === null ? null : findCategory(db, row.category_id),
    deviceRecord(db, { kind: 'seller_request', id }, REQUEST_ROW),
    moneyRefersTo(db, { sellerRequestId: id }),
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
    category: category ? { id: category.id, name: category.name } : null,
    status: row.status,
    notify_on_offer: row.notify_on_offer === 1,
    terms_accepted: row.terms_accepted === 1,
    create_seller_account: row.create_seller_account === 1,
    created_at: row.created_at,
    archived_at: row.archived_at,
    images: images.map((i) => i.filename),
    product_id: productId,
    offer_expires_at: row.offer_expires_at,
    offers,
    history,
    messages,
    payout,
    device,
    money_recorded: moneyRecorded,
  };
}

/** A request's row as devices reads and marks it (seller-requests imports devices, so it passes its own). */
const REQUEST_ROW = { ceirOf: requestCeir, markSaved: markRequestDeviceSaved };

/** A seller request as the device routes name it in the audit (404 when missing) and answer it; app.ts passes it in. */
export const requestOfDevice = {
  async name(trx: Executor, id: number): Promise<string> {
    const row = await findRequest(trx, id);
    if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
    return `Seller request ${row.reference} ${row.item_name}`;
  },
  load: loadRequest,
  row: REQUEST_ROW,
};

/** An open offer whose time ran out is answered by nobody, even before the sweep marks it expired. */
export function offerRanOut(row: RequestRow, now: Date) {
  return row.offer_expires_at !== null && row.offer_expires_at <= now.toISOString();
}

/** The seller's own view through the status link: no staff names, no contact details but the name. */
export async function loadSellerView(db: Executor, row: RequestRow, now: Date): Promise<SellerView> {
  const [images, offers, history, latest, payout] = await Promise.all([
    requestImages(db, row.id),
    offersWithAnswers(db, row.id, true),
    eventsOf(db, row.id),
    latestOffer(db, row.id),
    payoutOf(db, row.id, false),
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
    account: accountOffer(row),
    payout,
  };
}

/** The seller account the form offered: only when it was asked for and an email given to log in with. */
function accountOffer(row: RequestRow): SellerAccountOffer | null {
  const hint = emailHint(row.email);
  if (row.seller_user_id !== null) return { state: 'linked', email_hint: hint };
  if (row.create_seller_account !== 1 || row.email === '') return null;
  // Never 'exists': the page must not tell whether an email has an account (docs/decisions/0040).
  return { state: 'offered', email_hint: hint };
}

/** 'thoko@example.mw' -> 't***@example.mw': enough for the seller to recognise, not to copy. */
export function emailHint(email: string): string {
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

/** The back-office list, a page of it with the total, narrowed by the search box (see searchOf). */
export async function loadRequestList(db: Executor, { search, ...page }: RequestPage & { search: string }) {
  const { limit, offset } = page;
  const { rows, total } = await listRequests(db, { ...page, search: searchOf(search) });
  return { seller_requests: rows.map((r) => ({ ...r, price: Number(r.price) })), total, limit, offset };
}

/** One search box: a reference (with or without 'S-'), an email, or a phone number compared by its digits. */
function searchOf(text: string): RequestSearch | undefined {
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
