import { UNLOCK_LINK_INVALID } from '@marketplace/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { englishMessage, enqueueMessages, plainName } from '../notifications/index.js';
import { insertEmailLink, useEmailLink } from './repository/email-links.js';
import { lockFactor, unlockFactor } from './repository/second-factor.js';
import { findUser, USER_NOT_FOUND } from '../users/index.js';

// The lock of a second factor (docs/decisions/0085): 10 wrong codes in a row lock it; the owner is emailed a
// link that unlocks it (signed as a random token whose SHA-256 alone is stored, single use, 24 hours), and an
// Admin can unlock it from the user's edit screen. Unlocking keeps the secret and recovery codes: the owner's
// app goes on working.

const UNLOCK_LINK_MS = 24 * 60 * 60 * 1000;
const NOT_LOCKED = 'This two-step login is not locked.';
export const NOT_YOURSELF_UNLOCK = 'Ask another Admin to unlock your own two-step login, or use the emailed link.';

interface LockOwner {
  id: number;
  email: string;
  display_name: string;
}

/**
 * After a wrong code: locks the factor if its wrong codes reached `maxTries`. Only the request that locks it
 * writes the audit line and the owner's email with the unlock link, in one transaction.
 */
export async function lockIfTooManyWrong(
  db: Kysely<Database>,
  { owner, maxTries, publicUrl, now }: { owner: LockOwner; maxTries: number; publicUrl: string; now: Date },
) {
  await db.transaction().execute(async (trx) => {
    if (!(await lockFactor(trx, owner.id, maxTries, now.toISOString()))) return;
    await recordAudit(trx, {
      actorId: null,
      action: `Two-step login of ${owner.email} locked after ${maxTries} wrong codes`,
      subjectType: 'user',
      subjectId: owner.id,
      at: now.toISOString(),
    });
    await sendUnlockLink(trx, owner, publicUrl, now);
  });
}

async function sendUnlockLink(db: Executor, owner: LockOwner, publicUrl: string, now: Date) {
  const token = await insertEmailLink(db, {
    purpose: 'second_factor_unlock',
    email: owner.email,
    userId: owner.id,
    now,
    lifetimeMs: UNLOCK_LINK_MS,
  });
  const name = plainName(owner.display_name);
  await enqueueMessages(
    db,
    [
      {
        channel: 'email',
        recipient: owner.email,
        subject: englishMessage('two_step_locked.subject'),
        body: englishMessage('two_step_locked.body', { name, link: `${publicUrl}/admin/unlock-two-step/${token}` }),
        subjectType: 'user',
        subjectId: owner.id,
      },
    ],
    now,
  );
}

/** The owner's emailed link: once (a conditional update), within 24 hours, for the email it was sent to. */
export async function unlockWithLink(db: Kysely<Database>, token: string, now: Date) {
  await db.transaction().execute(async (trx) => {
    const link = await useEmailLink(trx, 'second_factor_unlock', token, now);
    const user = link?.user_id ? await findUser(trx, link.user_id) : undefined;
    // The email changed since the link was sent: it was meant for the old address.
    if (!user || user.email !== link?.email) throw new HttpError(404, UNLOCK_LINK_INVALID);
    // Unlocked meanwhile by an Admin, or locked again since: the link still unlocks what is locked now.
    await unlockFactor(trx, user.id);
    await recordAudit(trx, {
      actorId: user.id,
      action: `Two-step login of ${user.email} unlocked with the emailed link`,
      subjectType: 'user',
      subjectId: user.id,
      at: now.toISOString(),
    });
  });
}

/** An Admin unlocks another user's locked factor (the owner keeps the same app and recovery codes). */
export async function unlockByAdmin(db: Kysely<Database>, actorId: number, userId: number, now: Date) {
  if (actorId === userId) throw new HttpError(403, NOT_YOURSELF_UNLOCK);
  await db.transaction().execute(async (trx) => {
    const user = await findUser(trx, userId);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    if (!(await unlockFactor(trx, userId))) throw new HttpError(409, NOT_LOCKED);
    await recordAudit(trx, {
      actorId,
      action: `Unlocked the two-step login of ${user.email}`,
      subjectType: 'user',
      subjectId: userId,
      at: now.toISOString(),
    });
  });
}
