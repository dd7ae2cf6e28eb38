import { randomInt } from 'node:crypto';
import {
  MAX_WRONG_CODES,
  ORDER_NUMBER_ALPHABET,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_LOCKED,
  type LoginCodeInput,
  type LoginInput,
  type LoginResult,
  type SecondFactorSetup,
  type SecondFactorStatus,
} from '@marketplace/shared';
import type { Kysely } from 'kysely';
import { renderSVG } from 'uqr';
import type { Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { findUser, USER_NOT_FOUND } from '../users/index.js';
import { clearLoginFailures, revokeUserSessions } from './repository.js';
import { lockIfTooManyWrong } from './second-factor-lock.js';
import {
  claimChallengeTry,
  claimCodeTry,
  clearFailedCodes,
  confirmFactor,
  deleteFactor,
  findChallenge,
  findFactor,
  insertRecoveryCodes,
  recoveryCodesLeft,
  savePendingFactor,
  useChallenge,
  useRecoveryCode,
  useStep,
} from './repository/second-factor.js';
import { open, seal } from './secret-box.js';
import {
  checkPassword,
  countFailure,
  isStaff,
  openSession,
  refuseWhileThrottled,
  type SessionUser,
} from './service.js';
import { hashToken } from './tokens.js';
import { base32Encode, matchStep, newSecret, otpauthUrl } from './totp.js';

// Staff's second factor (docs/decisions/0050): set-up, the login's code step, turning it off, an Admin's reset.
// Every function takes the link key already read (`key`): on SQLite, reading it inside a transaction would wait
// for the one connection the transaction holds.

const ISSUER = 'Marketplace Malawi';
/** Codes one challenge takes before the password must be typed again (the login caps count them too). */
export const CHALLENGE_ATTEMPTS = 5;

export const LOGIN_EXPIRED = 'Your login has expired. Please log in again.';
export const WRONG_CODE = 'That code is not right. Check your authenticator app and try again.';
export const CODE_REUSED = 'That code was used already. Please wait for the next one.';
const ALREADY_ON = 'Two-step login is already on. Turn it off first to set it up again.';
const NOT_PENDING = 'Start the set-up again: it was finished or cancelled elsewhere.';
const NOT_ON = 'Two-step login is not on.';
export const NOT_YOURSELF = 'Ask another Admin to reset your own two-step login.';

type CodeCheck = 'totp' | 'recovery' | 'wrong' | 'reused';

/**
 * A code to check against a confirmed factor, typed at `now`: the owner to email if it locks, and the link's site.
 */
interface CodeContext {
  key: string;
  owner: { id: number; email: string; display_name: string };
  publicUrl: string;
  typed: string;
  now: Date;
}

/** 423 for every code while the factor is locked, the right one too, so guessing on cannot find it. */
function lockedError() {
  return new HttpError(423, SECOND_FACTOR_LOCKED, undefined, { code: 'second_factor_locked' });
}

/** A typed recovery code the way it was stored: letters and digits only, upper case. */
const normalizeRecovery = (code: string) => code.toUpperCase().replace(/[^0-9A-Z]/g, '');

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * Checks a code from the app (each time step once) or a recovery code (each once) against a confirmed factor.
 * The try is claimed on the factor first (docs/decisions/0085): a locked factor, or one whose tries parallel
 * requests hold, answers 423 without judging the code; a wrong code may lock it, a right one clears the count.
 */
async function checkCode(db: Kysely<Database>, { key, owner, publicUrl, typed, now }: CodeContext): Promise<CodeCheck> {
  const userId = owner.id;
  const factor = await findFactor(db, userId);
  if (!factor?.confirmed_at) return 'wrong';
  if (!(await claimCodeTry(db, userId, MAX_WRONG_CODES))) throw lockedError();
  const check = await judgeCode(db, { key, userId, factor, typed, now });
  if (check === 'totp' || check === 'recovery') await clearFailedCodes(db, userId);
  else await lockIfTooManyWrong(db, { owner, maxTries: MAX_WRONG_CODES, publicUrl, now });
  return check;
}

type Judged = Pick<CodeContext, 'key' | 'typed' | 'now'> & {
  userId: number;
  factor: { secret_box: string; last_step: number | null };
};

async function judgeCode(db: Executor, { key, userId, factor, typed, now }: Judged): Promise<CodeCheck> {
  const digits = typed.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const secret = open(key, userId, factor.secret_box);
    if (!secret) return 'wrong';
    const step = matchStep(secret, digits, now, factor.last_step);
    if (step === undefined || step === 'reused') return step ?? 'wrong';
    // Two requests with one code at once: only the first moves last_step.
    return (await useStep(db, userId, step)) ? 'totp' : 'reused';
  }
  const used = await useRecoveryCode(db, userId, hashToken(normalizeRecovery(typed)), now.toISOString());
  return used ? 'recovery' : 'wrong';
}

/**
 * The code step of a login: a right code (or recovery code) for a live challenge opens the session. `now` is
 * the real time the challenge and session are read by; `codeTime` the time codes are checked at (tests move it).
 */
export async function loginWithCode(
  db: Kysely<Database>,
  {
    key,
    input,
    ip,
    now = new Date(),
    codeTime = now,
    publicUrl,
  }: { key: string; input: LoginCodeInput; ip: string; now?: Date; codeTime?: Date; publicUrl: string },
): Promise<LoginResult> {
  const challenge = await findChallenge(db, hashToken(input.challenge));
  const live =
    challenge &&
    challenge.used_at === null &&
    challenge.status === 'active' &&
    challenge.attempts < CHALLENGE_ATTEMPTS &&
    now.getTime() < Date.parse(challenge.expires_at);
  if (!live) throw new HttpError(401, LOGIN_EXPIRED, undefined, { code: 'login_expired' });
  const emailKey = challenge.email.toLowerCase();
  // The challenge proves the password, so the account's cap does not hold the owner back here (decision 0085):
  // codes are bounded by the challenge's tries and the factor's lock.
  await refuseWhileThrottled(db, { emailKey, ip, now, accountCap: false });
  // Claim the try before judging: the read above is only a quick refusal (docs/decisions/0085).
  if (!(await claimChallengeTry(db, challenge.id, CHALLENGE_ATTEMPTS, now.toISOString())))
    throw new HttpError(401, LOGIN_EXPIRED, undefined, { code: 'login_expired' });

  const owner = { id: challenge.user_id, email: challenge.email, display_name: challenge.display_name };
  const check = await checkCode(db, { key, owner, publicUrl, typed: input.code, now: codeTime });
  if (check === 'wrong' || check === 'reused') {
    await countFailure(db, emailKey, ip, now);
    throw new HttpError(401, check === 'wrong' ? WRONG_CODE : CODE_REUSED);
  }
  if (!(await useChallenge(db, challenge.id, now.toISOString())))
    throw new HttpError(401, LOGIN_EXPIRED, undefined, { code: 'login_expired' });
  await clearLoginFailures(db, emailKey, ip);
  if (check === 'recovery')
    await recordAudit(db, {
      actorId: challenge.user_id,
      action: `Logged in with a recovery code (${challenge.email})`,
      subjectType: 'user',
      subjectId: challenge.user_id,
      at: now.toISOString(),
    });
  return openSession(db, { id: challenge.user_id, display_name: challenge.display_name, role: challenge.role }, now);
}

/** The per-account cap's 429 (service.ts), which staff with a second factor may pass with a code. */
export const isAccountCap = (error: unknown) =>
  error instanceof HttpError && (error.extra as { code?: string } | undefined)?.code === 'account_capped';

/**
 * The per-account cap holds (strangers failed 50 times on the account): the password and a code of the account's
 * second factor sent together still open a session (decision 0085), so a stranger cannot lock its owner out.
 * Every other outcome answers the cap's own 429 (`capped`), uncounted, so the cap still tells nobody whether a
 * password was right; wrong codes behind a right password still count towards the factor's lock.
 */
export async function loginPastTheCap(
  db: Kysely<Database>,
  {
    key,
    input,
    ip,
    capped,
    now = new Date(),
    codeTime = now,
    publicUrl,
  }: {
    key: () => Promise<string>;
    input: LoginInput;
    ip: string;
    capped: HttpError;
    now?: Date;
    codeTime?: Date;
    publicUrl: string;
  },
): Promise<LoginResult> {
  const emailKey = input.email.trim().toLowerCase();
  const { user, passwordOk } = await checkPassword(db, emailKey, input.password);
  if (!input.code || !user || !passwordOk || user.status !== 'active' || !isStaff(user.role)) throw capped;
  if (!(await findFactor(db, user.id))?.confirmed_at) throw capped;
  const owner = { id: user.id, email: user.email, display_name: user.display_name };
  let check: CodeCheck;
  try {
    check = await checkCode(db, { key: await key(), owner, publicUrl, typed: input.code, now: codeTime });
  } catch (error) {
    if (error instanceof HttpError && error.status === 423) throw capped; // locked: the same answer
    throw error;
  }
  if (check !== 'totp' && check !== 'recovery') throw capped;
  await clearLoginFailures(db, emailKey, ip);
  await recordAudit(db, {
    actorId: user.id,
    action: `Logged in with password and two-step code past the failed-login cap (${user.email})`,
    subjectType: 'user',
    subjectId: user.id,
    at: now.toISOString(),
  });
  return openSession(db, user, now);
}

export async function secondFactorStatus(
  db: Executor,
  user: SessionUser,
  required: boolean,
): Promise<SecondFactorStatus> {
  const factor = await findFactor(db, user.id);
  const enabled = Boolean(factor?.confirmed_at);
  return { enabled, required, recovery_codes_left: enabled ? await recoveryCodesLeft(db, user.id) : 0 };
}

/** A new secret, kept pending until confirmed with a code; shown as a QR code and as text. */
export async function startSetup(db: Executor, key: string, user: SessionUser, now: Date): Promise<SecondFactorSetup> {
  if ((await findFactor(db, user.id))?.confirmed_at) throw new HttpError(409, ALREADY_ON);
  const secret = newSecret();
  await savePendingFactor(db, user.id, seal(key, user.id, secret), now.toISOString());
  const text = base32Encode(secret);
  const url = otpauthUrl(text, user.email, ISSUER);
  return { secret: text, otpauth_url: url, qr_svg: renderSVG(url, { border: 2 }) };
}

/** The first right code puts the factor in force and makes the recovery codes, returned this once. */
export async function confirmSetup(
  db: Kysely<Database>,
  { key, user, code, now }: { key: string; user: SessionUser; code: string; now: Date },
) {
  const factor = await findFactor(db, user.id);
  if (!factor || factor.confirmed_at) throw new HttpError(409, NOT_PENDING);
  const secret = open(key, user.id, factor.secret_box);
  const step = secret ? matchStep(secret, code.replace(/\s/g, ''), now, null) : undefined;
  if (typeof step !== 'number') throw new HttpError(400, WRONG_CODE, { code: WRONG_CODE });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction().execute(async (trx) => {
    if (!(await confirmFactor(trx, user.id, step, now.toISOString()))) throw new HttpError(409, NOT_PENDING);
    await insertRecoveryCodes(
      trx,
      user.id,
      codes.map((c) => hashToken(normalizeRecovery(c))),
    );
    await recordAudit(trx, {
      actorId: user.id,
      action: 'Set up two-step login',
      subjectType: 'user',
      subjectId: user.id,
      at: now.toISOString(),
    });
  });
  return { recovery_codes: codes };
}

/** The owner turns it off with a current code or a recovery code, so a session left open cannot. */
export async function turnOff(
  db: Kysely<Database>,
  { key, user, code, now, publicUrl }: { key: string; user: SessionUser; code: string; now: Date; publicUrl: string },
) {
  if (!(await findFactor(db, user.id))?.confirmed_at) throw new HttpError(409, NOT_ON);
  const owner = { id: user.id, email: user.email, display_name: user.displayName };
  const check = await checkCode(db, { key, owner, publicUrl, typed: code, now });
  if (check === 'reused') throw new HttpError(400, CODE_REUSED, { code: CODE_REUSED });
  if (check === 'wrong') throw new HttpError(400, WRONG_CODE, { code: WRONG_CODE });
  await db.transaction().execute(async (trx) => {
    await deleteFactor(trx, user.id);
    await recordAudit(trx, {
      actorId: user.id,
      action: 'Turned off two-step login',
      subjectType: 'user',
      subjectId: user.id,
      at: now.toISOString(),
    });
  });
}

/** Another Admin clears a user's factor (a lost phone): the user's sessions end and the next login sets it up again. */
export async function resetSecondFactor(db: Kysely<Database>, actor: SessionUser, userId: number, now: Date) {
  if (actor.id === userId) throw new HttpError(403, NOT_YOURSELF);
  await db.transaction().execute(async (trx) => {
    const user = await findUser(trx, userId);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    if (!(await deleteFactor(trx, userId))) throw new HttpError(409, NOT_ON);
    await revokeUserSessions(trx, userId, now.toISOString());
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Reset the two-step login of ${user.email}`,
      subjectType: 'user',
      subjectId: userId,
      at: now.toISOString(),
    });
  });
}
