import type { AccountItems, LoginResult } from '@marketplace/shared';
import { flagsOf, hasOpenOffer, sellerStatusText } from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/repository.js';
import { hashPassword } from '../auth/password.js';
import { findUserByEmail } from '../auth/repository.js';
import { openSession, type SessionUser } from '../auth/service.js';
import { statusToken } from '../seller-requests/codes.js';
import type { StatusLinks } from '../seller-requests/links.js';
import { requestOfToken } from '../seller-requests/views.js';
import { insertUser } from '../users/repository.js';
import { ownedRequests, setOwner } from './repository.js';

export const ACCOUNT_EXISTS = /*i18n*/ 'An account already uses this email address. Log in to add this item to it.';
export const ACCOUNT_NOT_ASKED =
  /*i18n*/ 'A seller account can only be made for an item submitted with "Create a seller account" ticked and an email address.';
export const ALREADY_LINKED = /*i18n*/ 'This item is already in a seller account.';
/** A seller with more items than this sees the newest; the total says how many there are. */
const ACCOUNT_ITEMS_SHOWN = 100;

/** 'Thoko Banda Phiri' -> first name 'Thoko', last name 'Banda Phiri'. */
function nameParts(name: string) {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

/**
 * The seller sets a password from the item's private page: the account (role User, never the back-office)
 * is made for the email the item was submitted with, the item goes into it and the seller is logged in.
 * Holding the link proves the item is theirs; an email that already has an account is refused (409), so
 * nobody can take over an account, staff or not, by submitting an item with its email address.
 */
export async function createSellerAccount(db: Db, token: string, password: string, now: Date): Promise<LoginResult> {
  const request = await requestOfToken(db.kysely, token);
  if (request.seller_user_id !== null) throw new HttpError(409, ALREADY_LINKED);
  if (request.create_seller_account !== 1 || request.email === '') throw new HttpError(409, ACCOUNT_NOT_ASKED);
  const passwordHash = await hashPassword(password);
  const at = now.toISOString();
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      if (await findUserByEmail(trx, request.email)) throw new HttpError(409, ACCOUNT_EXISTS);
      const user = { ...nameParts(request.seller_name), display_name: request.seller_name, role: 'User' as const };
      const id = await insertUser(trx, {
        ...user,
        email: request.email,
        password_hash: passwordHash,
        status: 'active',
        created_at: at,
        updated_at: at,
      });
      // A second tab making an account for the same item meanwhile: its account came first.
      if (!(await setOwner(trx, request.id, id, at))) throw new HttpError(409, ALREADY_LINKED);
      await recordAudit(trx, {
        actorId: id,
        action: `Seller account made for ${request.email} from request ${request.reference}`,
        subjectType: 'user',
        subjectId: id,
        at,
      });
      return openSession(trx, { id, ...user }, now);
    });
  } catch (error) {
    // Two requests with the same email making accounts at the same moment: the unique email index decides.
    if (!(error instanceof HttpError) && (await findUserByEmail(db.kysely, request.email)))
      throw new HttpError(409, ACCOUNT_EXISTS);
    throw error;
  }
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
