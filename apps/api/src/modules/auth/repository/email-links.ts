import type { Executor } from '../../../db/database.js';
import type { EmailLinksTable } from '../../../db/schema.js';
import { hashToken, newToken } from '../tokens.js';

type Purpose = EmailLinksTable['purpose'];

/** A new one-time link: the token goes into the email, only its SHA-256 into the database. */
export async function insertEmailLink(
  db: Executor,
  link: {
    purpose: Purpose;
    email: string;
    userId?: number;
    sellerRequestId?: number;
    passwordHash?: string;
    now: Date;
    lifetimeMs: number;
  },
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('email_links')
    .values({
      purpose: link.purpose,
      token_hash: hashToken(token),
      email: link.email,
      user_id: link.userId ?? null,
      seller_request_id: link.sellerRequestId ?? null,
      password_hash: link.passwordHash ?? null,
      created_at: link.now.toISOString(),
      expires_at: new Date(link.now.getTime() + link.lifetimeMs).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Uses a link once: one conditional update, so of two requests racing with the same token exactly one
 * gets the row (PostgreSQL re-checks `used_at is null` after the first commits; SQLite has one writer).
 */
export async function useEmailLink(db: Executor, purpose: Purpose, token: string, now: Date) {
  const at = now.toISOString();
  return db
    .updateTable('email_links')
    .set({ used_at: at })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning(['id', 'email', 'user_id', 'seller_request_id', 'password_hash'])
    .executeTakeFirst();
}

/** How many links of any purpose went to an address since `since` (the per-email limit). */
export async function linksSentTo(db: Executor, email: string, since: Date): Promise<number> {
  const { n } = await db
    .selectFrom('email_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A new password makes the user's other reset links useless. */
export async function expireResetLinks(db: Executor, userId: number, now: Date) {
  await db
    .updateTable('email_links')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'password_reset')
    .where('used_at', 'is', null)
    .execute();
}
