import { RESET_LINK_INVALID } from '@marketplace/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { englishMessage, enqueueMessages, plainName } from '../notifications/index.js';
import { hashPassword, refuseCommonPassword } from '../passwords/index.js';
import { expireResetLinks, insertEmailLink, linksSentTo, useEmailLink } from './repository/email-links.js';
import { findUserByEmail, setPasswordFromLink } from '../users/index.js';
import { forgetAccountFailures, revokeUserSessions } from './repository.js';

export const RESET_LINK_MS = 30 * 60 * 1000;
/** Links of any kind mailed to one address per hour; past it the answer is the same but nothing is sent. */
export const LINKS_PER_EMAIL_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

interface ResetTarget {
  id: number;
  email: string;
  display_name: string;
}

/** Writes the link and its email in one transaction (the outbox sends it). */
export async function sendResetLink(db: Executor, user: ResetTarget, publicUrl: string, now: Date): Promise<void> {
  const token = await insertEmailLink(db, {
    purpose: 'password_reset',
    email: user.email,
    userId: user.id,
    now,
    lifetimeMs: RESET_LINK_MS,
  });
  const name = plainName(user.display_name);
  await enqueueMessages(
    db,
    [
      {
        channel: 'email',
        recipient: user.email,
        subject: englishMessage('password_reset.subject'),
        body: englishMessage('password_reset.body', { name, link: `${publicUrl}/reset-password/${token}` }),
        subjectType: 'user',
        subjectId: user.id,
      },
    ],
    now,
  );
}

/**
 * "Forgot your password?": the same answer whatever the email is. Only an active account gets a link, and
 * one address gets at most LINKS_PER_EMAIL_PER_HOUR links, so the form cannot flood somebody's inbox.
 */
export async function requestPasswordReset(db: Kysely<Database>, email: string, publicUrl: string, now: Date) {
  const key = email.trim().toLowerCase();
  await db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, key);
    if (!user || user.status !== 'active') return;
    if ((await linksSentTo(trx, user.email, new Date(now.getTime() - HOUR_MS))) >= LINKS_PER_EMAIL_PER_HOUR) return;
    await sendResetLink(trx, user, publicUrl, now);
  });
}

/**
 * Sets the new password with a reset link: once (a conditional update), within 30 minutes. Every session
 * of the user ends, the account's failed logins are forgotten (a reset is the way out of the per-account
 * cap), and the email counts as proved.
 */
export async function resetPassword(db: Kysely<Database>, token: string, password: string, now: Date) {
  refuseCommonPassword(password);
  const passwordHash = await hashPassword(password);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const link = await useEmailLink(trx, 'password_reset', token, now);
    if (!link?.user_id) throw new HttpError(404, RESET_LINK_INVALID);
    const user = await setPasswordFromLink(trx, { id: link.user_id, email: link.email, passwordHash, at });
    // The email changed since the link was sent: it was meant for the old address.
    if (!user) throw new HttpError(404, RESET_LINK_INVALID);
    await revokeUserSessions(trx, user.id, at);
    await expireResetLinks(trx, user.id, now);
    await forgetAccountFailures(trx, user.email);
    await recordAudit(trx, {
      actorId: user.id,
      action: `Password reset by ${user.email} with an emailed link`,
      subjectType: 'user',
      subjectId: user.id,
      at,
    });
  });
}
