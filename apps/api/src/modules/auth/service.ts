import {
  LOGIN_FAILED,
  STAFF_ROLES,
  type LoginChallenge,
  type LoginInput,
  type LoginResult,
  type Role,
} from '@marketplace/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Database, UsersTable } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { hashPassword, verifyPassword } from '../passwords/index.js';
import { findUserByEmail } from '../users/index.js';
import {
  clearLoginFailures,
  countLoginFailures,
  createSession,
  findSession,
  nthNewestFailure,
  pruneLoginFailures,
  recordLoginFailure,
  revokeSession,
  touchSession,
} from './repository.js';
import { findFactor, insertChallenge, pruneChallenges } from './repository/second-factor.js';
import { hashToken, newToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, TOUCH_EVERY_MS } from './tokens.js';

// Guessing is throttled without handing strangers a way to lock staff out (OWASP authentication guidance):
// - one address guessing one account stops after MAX_FAILURES_PER_PAIR (the tight limit);
// - one address guessing many accounts stops after MAX_FAILURES_PER_IP (password spraying);
// - an account failing from many addresses slows every address that has failed on it, with a delay that
//   doubles per failure beyond ACCOUNT_SLOWDOWN_AFTER;
// - an address that has not failed on the account is not held back by other addresses' failures: the
//   right password from the owner's phone gets in while an attacker keeps failing elsewhere...
// - ...up to MAX_FAILURES_PER_ACCOUNT from all addresses in the window: then every attempt on the account is
//   a 429 with Retry-After until enough of those failures are older than the window, so guessing from many
//   addresses (many IPv6 /64s) stays at a few per minute. The owner gets in at once with a password reset,
//   which forgets the account's failures (password-reset.ts).
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_PAIR = 5;
const MAX_FAILURES_PER_IP = 20;
export const ACCOUNT_SLOWDOWN_AFTER = 10;
export const MAX_FAILURES_PER_ACCOUNT = 50;
const MAX_DELAY_MS = FAILURE_WINDOW_MS;
/** How long the code step of a login may take. */
const CHALLENGE_MS = 5 * 60 * 1000;
export const TOO_MANY_FAILURES = /*i18n*/ 'Too many failed login attempts. Please wait 15 minutes and try again.';
export const SLOW_DOWN = /*i18n*/ 'Too many failed login attempts on this account. Please wait a moment and try again.';
export const ACCOUNT_LOCKED =
  /*i18n*/ 'Too many failed login attempts on this account. Please try again later, or set a new password with "Forgot your password?".';

/** How long an address that failed on a much-attacked account must wait after the account's last failure. */
export function accountDelayMs(accountFailures: number): number {
  if (accountFailures < ACCOUNT_SLOWDOWN_AFTER) return 0;
  return Math.min(1000 * 2 ** (accountFailures - ACCOUNT_SLOWDOWN_AFTER), MAX_DELAY_MS);
}

// Compared against when the email is unknown, so both failures cost the same scrypt time.
let dummyHash: Promise<string> | undefined;

/** The account of an email and whether the password is its own; an unknown email costs the same time. */
export async function checkPassword(db: Executor, emailKey: string, password: string) {
  const user = await findUserByEmail(db, emailKey);
  const passwordOk = await verifyPassword(
    password,
    user?.password_hash ?? (await (dummyHash ??= hashPassword('not-a-real-password'))),
  );
  return { user, passwordOk };
}

export interface SessionUser {
  id: number;
  sessionId: number;
  role: Role;
  /** The shop a Shop staff user works for; null for other roles. */
  shopId: number | null;
  displayName: string;
  email: string;
  /** Whether the user has a confirmed second factor. */
  secondFactor: boolean;
}

/**
 * Refuses (429) an attempt on the account from the address while failures hold them back. `accountCap: false`
 * leaves out the per-account cap, for attempts that prove the password and the second factor (decision 0085).
 */
export async function refuseWhileThrottled(
  db: Executor,
  { emailKey, ip, now, accountCap = true }: { emailKey: string; ip: string; now: Date; accountCap?: boolean },
) {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  const failures = await countLoginFailures(db, since, emailKey, ip);
  if (failures.byPair >= MAX_FAILURES_PER_PAIR || failures.byIp >= MAX_FAILURES_PER_IP)
    throw new HttpError(429, TOO_MANY_FAILURES);
  if (failures.byAccount >= MAX_FAILURES_PER_ACCOUNT && accountCap) {
    // Open again once the failure that reached the cap, counted from the newest, leaves the window.
    const capped = await nthNewestFailure(db, emailKey, since, MAX_FAILURES_PER_ACCOUNT);
    const waitMs = capped ? Date.parse(capped) + FAILURE_WINDOW_MS - now.getTime() : FAILURE_WINDOW_MS;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const error = new HttpError(429, ACCOUNT_LOCKED, undefined, {
      retry_after_seconds: seconds,
      code: 'account_capped',
    });
    error.headers = { 'Retry-After': String(seconds) };
    throw error;
  }
  if (failures.byPair > 0 && failures.lastByAccount) {
    const waitMs = Date.parse(failures.lastByAccount) + accountDelayMs(failures.byAccount) - now.getTime();
    if (waitMs > 0) throw new HttpError(429, SLOW_DOWN, undefined, { retry_after_seconds: Math.ceil(waitMs / 1000) });
  }
}

/** A failed attempt counts against the address and the account (a wrong password, a wrong second-factor code). */
export async function countFailure(db: Executor, emailKey: string, ip: string, now: Date) {
  await recordLoginFailure(db, emailKey, ip, now.toISOString());
  await pruneLoginFailures(db, new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString());
}

/**
 * The password step. Staff with a second factor get a challenge instead of a session (their failures stay
 * counted until the code is right); staff without one, where it is required, get a session that only reaches
 * the set-up (plugins/auth.ts).
 */
export async function login(
  db: Kysely<Database>,
  input: LoginInput,
  { ip, now = new Date(), requireStaffMfa = false }: { ip: string; now?: Date; requireStaffMfa?: boolean },
): Promise<LoginResult | LoginChallenge> {
  const emailKey = input.email.trim().toLowerCase();
  await refuseWhileThrottled(db, { emailKey, ip, now });

  const { user, passwordOk } = await checkPassword(db, emailKey, input.password);
  // An inactive account fails exactly like a wrong password: no hint that the email exists.
  if (!user || !passwordOk || user.status !== 'active') {
    await countFailure(db, emailKey, ip, now);
    throw new HttpError(401, LOGIN_FAILED);
  }

  const staff = isStaff(user.role);
  const factor = staff ? await findFactor(db, user.id) : undefined;
  if (factor?.confirmed_at) return { second_factor: 'code', challenge: await openChallenge(db, user.id, now) };
  await clearLoginFailures(db, emailKey, ip);
  const session = await openSession(db, user, now);
  return requireStaffMfa && staff ? { ...session, second_factor_setup: true } : session;
}

/** Between the password and the code: single-purpose, short-lived, a few tries (second-factor.ts). */
async function openChallenge(db: Executor, userId: number, now: Date) {
  const token = newToken();
  await pruneChallenges(db, now.toISOString());
  await insertChallenge(db, {
    userId,
    tokenHash: hashToken(token),
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
  });
  return token;
}

export const isStaff = (role: Role) => (STAFF_ROLES as readonly Role[]).includes(role);

/** Whether this session may only set up its second factor: staff without one, where one is required. */
export function mustSetUpSecondFactor(user: Pick<SessionUser, 'role' | 'secondFactor'>, requireStaffMfa: boolean) {
  return requireStaffMfa && isStaff(user.role) && !user.secondFactor;
}

/** A new session for a user who just proved who they are (a password, or a seller setting theirs). */
export async function openSession(
  db: Executor,
  user: Pick<Selectable<UsersTable>, 'id' | 'display_name' | 'role'>,
  now: Date,
) {
  const token = newToken();
  await createSession(db, {
    userId: user.id,
    tokenHash: hashToken(token),
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
  });
  return { token, display_name: user.display_name, role: user.role };
}

/** The user behind a bearer token, or undefined when it is unknown, revoked, expired or idle too long. */
export async function authenticate(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<SessionUser | undefined> {
  const session = await findSession(db, hashToken(token));
  if (!session || session.revoked_at !== null || session.status !== 'active') return undefined;
  const t = now.getTime();
  if (t >= Date.parse(session.expires_at) || t - Date.parse(session.last_seen_at) >= SESSION_IDLE_MS) return undefined;
  if (t - Date.parse(session.last_seen_at) >= TOUCH_EVERY_MS) await touchSession(db, session.id, now.toISOString());
  return {
    id: session.user_id,
    sessionId: session.id,
    role: session.role,
    shopId: session.shop_id,
    displayName: session.display_name,
    email: session.email,
    secondFactor: session.second_factor_at !== null,
  };
}

export async function logout(db: Kysely<Database>, user: SessionUser) {
  await revokeSession(db, user.sessionId, new Date().toISOString());
}
