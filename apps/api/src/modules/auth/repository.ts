import type { Executor } from '../../db/database.js';

export function findSession(db: Executor, tokenHash: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('second_factors as f', 'f.user_id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      's.created_at',
      's.last_seen_at',
      's.expires_at',
      's.revoked_at',
      'u.role',
      'u.shop_id',
      'u.status',
      'u.display_name',
      'u.email',
      'f.confirmed_at as second_factor_at',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function createSession(
  db: Executor,
  { userId, tokenHash, now, expiresAt }: { userId: number; tokenHash: string; now: string; expiresAt: string },
) {
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      revoked_at: null,
    })
    .execute();
}

export async function touchSession(db: Executor, id: number, now: string) {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function revokeSession(db: Executor, id: number, now: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Role changes, deactivation and deletion end every open session of the user. */
export async function revokeUserSessions(db: Executor, userId: number, now: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function recordLoginFailure(db: Executor, emailKey: string, ip: string, now: string) {
  await db.insertInto('login_failures').values({ email_key: emailKey, ip, created_at: now }).execute();
}

/** Failures since `since`: by this account, by this address, by the two together, and the account's latest. */
export async function countLoginFailures(db: Executor, since: string, emailKey: string, ip: string) {
  const recent = db.selectFrom('login_failures').where('created_at', '>=', since);
  const [account, byIp, byPair] = await Promise.all([
    recent
      .where('email_key', '=', emailKey)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('last')])
      .executeTakeFirstOrThrow(),
    recent
      .where('ip', '=', ip)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    recent
      .where('email_key', '=', emailKey)
      .where('ip', '=', ip)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    byAccount: Number(account.n),
    lastByAccount: account.last ?? null,
    byIp: Number(byIp.n),
    byPair: Number(byPair.n),
  };
}

/** The time of an account's nth newest failure since `since`, if it has that many. */
export async function nthNewestFailure(db: Executor, emailKey: string, since: string, n: number) {
  const row = await db
    .selectFrom('login_failures')
    .select('created_at')
    .where('email_key', '=', emailKey)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(n - 1)
    .executeTakeFirst();
  return row?.created_at;
}

/** A success from an address forgets that address's failures on the account (others' stay counted). */
export async function clearLoginFailures(db: Executor, emailKey: string, ip: string) {
  await db.deleteFrom('login_failures').where('email_key', '=', emailKey).where('ip', '=', ip).execute();
}

export async function pruneLoginFailures(db: Executor, before: string) {
  await db.deleteFrom('login_failures').where('created_at', '<', before).execute();
}

/** Every failed login of the account, from every address (a password reset is the way out of the cap). */
export async function forgetAccountFailures(db: Executor, emailKey: string) {
  await db.deleteFrom('login_failures').where('email_key', '=', emailKey).execute();
}
