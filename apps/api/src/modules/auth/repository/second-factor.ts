import type { Executor } from '../../../db/database.js';

// All SQL of staff's second factor (docs/decisions/0050): the factor, its recovery codes, the login challenges.

export function findFactor(db: Executor, userId: number) {
  return db.selectFrom('second_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new secret awaiting its first code; replaces one still awaiting, never a confirmed one. */
export async function savePendingFactor(db: Executor, userId: number, secretBox: string, now: string) {
  await db
    .insertInto('second_factors')
    .values({ user_id: userId, secret_box: secretBox, created_at: now, confirmed_at: null, last_step: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_box: secretBox, created_at: now, last_step: null })
        .where('second_factors.confirmed_at', 'is', null),
    )
    .execute();
}

/** Puts a pending factor in force; false when it was not pending (confirmed meanwhile, or reset). */
export async function confirmFactor(db: Executor, userId: number, step: number, now: string) {
  const result = await db
    .updateTable('second_factors')
    .set({ confirmed_at: now, last_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records a code's step as used; false when that step (or a later one) was used already: a replay. */
export async function useStep(db: Executor, userId: number, step: number) {
  const result = await db
    .updateTable('second_factors')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteFactor(db: Executor, userId: number) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('second_factors').where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertRecoveryCodes(db: Executor, userId: number, hashes: string[]) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Spends one recovery code; false when it is not one of the user's or was spent already. */
export async function useRecoveryCode(db: Executor, userId: number, hash: string, now: string) {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function recoveryCodesLeft(db: Executor, userId: number) {
  const { n } = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertChallenge(
  db: Executor,
  { userId, tokenHash, now, expiresAt }: { userId: number; tokenHash: string; now: string; expiresAt: string },
) {
  await db
    .insertInto('login_challenges')
    .values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: expiresAt, used_at: null })
    .execute();
}

export function findChallenge(db: Executor, tokenHash: string) {
  return db
    .selectFrom('login_challenges as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.expires_at', 'c.attempts', 'c.used_at', 'u.id as user_id', 'u.email', 'u.status', 'u.role'])
    .select('u.display_name')
    .where('c.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Claims one try of a live challenge before its code is judged: one conditional statement, so parallel codes
 * cannot all read the same count (PostgreSQL re-checks the row after a concurrent update commits); false when
 * its tries are spent, or it was used or expired.
 */
export async function claimChallengeTry(db: Executor, id: number, maxTries: number, now: string) {
  const result = await db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxTries)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Claims one try of a confirmed, unlocked factor before a code is judged (docs/decisions/0085): the count of
 * wrong codes in a row goes up first and a right code sets it back to 0, so parallel codes cannot pass the lock.
 * False when the factor is locked or its tries are all claimed.
 */
export async function claimCodeTry(db: Executor, userId: number, maxTries: number) {
  const result = await db
    .updateTable('second_factors')
    .set((eb) => ({ failed_codes: eb('failed_codes', '+', 1) }))
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .where('locked_at', 'is', null)
    .where('failed_codes', '<', maxTries)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A right code: the wrong ones before it no longer count (unless they locked the factor meanwhile). */
export async function clearFailedCodes(db: Executor, userId: number) {
  await db
    .updateTable('second_factors')
    .set({ failed_codes: 0 })
    .where('user_id', '=', userId)
    .where('locked_at', 'is', null)
    .execute();
}

/** Locks the factor once its wrong codes reach the limit; true for the one request that locked it. */
export async function lockFactor(db: Executor, userId: number, maxTries: number, now: string) {
  const result = await db
    .updateTable('second_factors')
    .set({ locked_at: now })
    .where('user_id', '=', userId)
    .where('locked_at', 'is', null)
    .where('failed_codes', '>=', maxTries)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Unlocks a locked factor (its secret and recovery codes stay); false when it was not locked. */
export async function unlockFactor(db: Executor, userId: number) {
  const result = await db
    .updateTable('second_factors')
    .set({ locked_at: null, failed_codes: 0 })
    .where('user_id', '=', userId)
    .where('locked_at', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Spends a challenge; false when another request spent it first. */
export async function useChallenge(db: Executor, id: number, now: string) {
  const result = await db
    .updateTable('login_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function pruneChallenges(db: Executor, before: string) {
  await db.deleteFrom('login_challenges').where('expires_at', '<', before).execute();
}
