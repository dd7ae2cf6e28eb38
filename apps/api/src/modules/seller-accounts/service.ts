import type { AccountItems, LoginResult, SellerAccountRequested } from '@marketplace/shared';
import { flagsOf, hasOpenOffer, sellerStatusText } from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import {
  insertEmailLink,
  linksSentTo,
  useEmailLink,
  LINKS_PER_EMAIL_PER_HOUR,
  revokeUserSessions,
  openSession,
  type SessionUser,
} from '../auth/index.js';
import { hashPassword, refuseCommonPassword } from '../passwords/index.js';
import { englishMessage, enqueueMessages, plainName } from '../notifications/index.js';
import {
  statusToken,
  emailHint,
  ownedRequests,
  releaseRequestsOf,
  requestForAccount,
  requestOfToken,
  setOwner,
} from '../seller-requests/index.js';
import type { StatusLinks } from '../seller-requests/index.js';
import { findUserByEmail, insertUser, updateUser } from '../users/index.js';

export const ACCOUNT_EXISTS = /*i18n*/ 'An account already uses this email address. Log in to add this item to it.';
export const ACCOUNT_NOT_ASKED =
  /*i18n*/ 'A seller account can only be made for an item submitted with "Create a seller account" ticked and an email address.';
export const ALREADY_LINKED = /*i18n*/ 'This item is already in a seller account.';
export const CONFIRM_LINK_INVALID =
  /*i18n*/ 'This link has expired or was already used. Please make your account again from your item page.';
/** A seller with more items than this sees the newest; the total says how many there are. */
const ACCOUNT_ITEMS_SHOWN = 100;
const CONFIRM_LINK_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Staff accounts, and seller accounts whose owner opened an emailed link, are never taken over. */
function proved(user: { role: string; email_confirmed_at: string | null }): boolean {
  return user.role !== 'User' || user.email_confirmed_at !== null;
}

/** 'Thoko Banda Phiri' -> first name 'Thoko', last name 'Banda Phiri'. */
function nameParts(name: string) {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

/**
 * The seller asks for an account from the item's private page (docs/decisions/0040). Nothing is made yet:
 * a one-time link goes to the email the item was submitted with, and the account exists once the email's owner
 * opens it and chooses its password there (decision 0086: whoever holds the item's private link must not set
 * the password of an account the email's owner then confirms). When a proved account already uses the email,
 * the email says so instead. The answer is the same 202 either way: it never tells whether an email has an
 * account. One address gets at most LINKS_PER_EMAIL_PER_HOUR links; past that the answer is the same.
 */
export async function requestSellerAccount(
  db: Db,
  token: string,
  publicUrl: string,
  now: Date,
): Promise<SellerAccountRequested> {
  const request = await requestOfToken(db.kysely, token);
  if (request.seller_user_id !== null) throw new HttpError(409, ALREADY_LINKED);
  if (request.create_seller_account !== 1 || request.email === '') throw new HttpError(409, ACCOUNT_NOT_ASKED);
  const email = request.email.trim().toLowerCase();
  await db.kysely.transaction().execute(async (trx) => {
    if ((await linksSentTo(trx, email, new Date(now.getTime() - HOUR_MS))) >= LINKS_PER_EMAIL_PER_HOUR) return;
    const name = plainName(request.seller_name);
    const { reference } = request;
    const existing = await findUserByEmail(trx, email);
    let body: string;
    if (existing && proved(existing)) {
      body = englishMessage('seller_account.existing', { name, reference, publicUrl });
    } else {
      const link = await insertEmailLink(trx, {
        purpose: 'seller_account',
        email,
        sellerRequestId: request.id,
        now,
        lifetimeMs: CONFIRM_LINK_MS,
      });
      body = englishMessage('seller_account.confirm', {
        name,
        reference,
        link: `${publicUrl}/account/confirm/${link}`,
      });
    }
    await enqueueMessages(
      trx,
      [
        {
          channel: 'email',
          recipient: email,
          subject: englishMessage('seller_account.subject'),
          body,
          subjectType: 'seller_request',
          subjectId: request.id,
        },
      ],
      now,
    );
  });
  return { email_hint: emailHint(email) };
}

/**
 * The email's owner opens the link and chooses the password: the account is made (or an unproved one using the
 * email, made before accounts needed the link, is taken over and loses the items and sessions it had), the item
 * goes into it and the seller is logged in. The link works once (a conditional update). A link mailed before
 * decision 0086 works the same way: the password its requester chose is not used.
 */
export async function confirmSellerAccount(db: Db, token: string, password: string, now: Date): Promise<LoginResult> {
  refuseCommonPassword(password);
  // Hashed before the transaction: a refused password leaves the link unused, and SQLite's one connection free.
  const passwordHash = await hashPassword(password);
  const at = now.toISOString();
  // Two links for one email confirmed at the same moment: the unique email index decides (a 409).
  return db.kysely.transaction().execute(async (trx) => {
    const link = await useEmailLink(trx, 'seller_account', token, now);
    if (!link?.seller_request_id) throw new HttpError(404, CONFIRM_LINK_INVALID);
    const request = await requestForAccount(trx, link.seller_request_id);
    const user = { ...nameParts(request.seller_name), display_name: request.seller_name, role: 'User' as const };
    const account = { ...user, password_hash: passwordHash, email_confirmed_at: at, updated_at: at };
    const existing = await findUserByEmail(trx, link.email);
    let id: number;
    if (existing && proved(existing)) throw new HttpError(409, ACCOUNT_EXISTS);
    if (existing) {
      // An unproved seller account: whoever made it did not show they own the email.
      id = existing.id;
      await updateUser(trx, id, { ...account, status: 'active' });
      await releaseRequestsOf(trx, id);
      await revokeUserSessions(trx, id, at);
    } else {
      id = await insertUser(trx, { ...account, email: link.email, status: 'active', created_at: at });
    }
    if (!(await setOwner(trx, request.id, id, at))) throw new HttpError(409, ALREADY_LINKED);
    await recordAudit(trx, {
      actorId: id,
      action: `Seller account ${existing ? 'taken over' : 'made'} for ${link.email} from request ${request.reference}, email proved`,
      subjectType: 'user',
      subjectId: id,
      at,
    });
    return openSession(trx, { id, ...user }, now);
  });
}

/** A logged-in seller adds an item they hold the private link of (one submitted before the account existed). */
export async function claimItem(db: Db, user: SessionUser, token: string, now: Date): Promise<void> {
  const request = await requestOfToken(db.kysely, token);
  const at = now.toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    if (!(await setOwner(trx, request.id, user.id, at))) throw new HttpError(409, ALREADY_LINKED);
    await recordAudit(trx, {
      actorId: user.id,
      action: `Seller ${user.email} added request ${request.reference} to their account`,
      subjectType: 'seller_request',
      subjectId: request.id,
      at,
    });
  });
}

export async function accountItems(db: Db, user: SessionUser, links: StatusLinks): Promise<AccountItems> {
  const key = await links.key();
  const { rows, total } = await ownedRequests(db.kysely, user.id, ACCOUNT_ITEMS_SHOWN);
  return {
    display_name: user.displayName,
    email: user.email,
    total,
    items: rows.map((r) => ({
      reference: r.reference,
      item_name: r.item_name,
      price: Number(r.price),
      status: r.status,
      status_text: sellerStatusText(r.status),
      open_offer: hasOpenOffer(flagsOf(r.status)) && r.latest_offer !== null ? Number(r.latest_offer) : null,
      image: r.image ?? null,
      created_at: r.created_at,
      status_token: statusToken(key, r.reference),
    })),
  };
}
