import { randomInt } from 'node:crypto';
import { isMalawiMobile, PHONE_UNVERIFIED, type Language, type PhoneCodeSent } from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { lockKeys } from '../../db/advisory-lock.js';
import { HttpError } from '../../plugins/errors.js';
import { hashToken } from '../auth/index.js';
import {
  message as text,
  sendAtOnce,
  enqueueMessages,
  enqueueSentAtOnce,
  type NewMessage,
  admitSms,
  type SmsBudget,
} from '../notifications/index.js';
import type { OutboxAlert, Transport, OutboxLog } from '../notifications/index.js';
import { provesPhone } from './phone-token.js';
import { codesAskedSince, insertCode, judgeGuess } from './repository.js';

const CODE_MINUTES = 10;
const CODE_TRIES = 5;
/**
 * Codes per phone in an hour (each one is an SMS we pay for); per IPv6 /64: PHONE_CODES_PER_ADDRESS_HOUR; per IPv4
 * address: PHONE_CODES_PER_IPV4_HOUR; every SMS of all kinds: the SMS budget (decision 0084).
 */
export const CODES_PER_HOUR = 3;

export const TOO_MANY_CODES =
  /*i18n*/ 'Too many codes were asked for this phone or from your network. Please try again in an hour.';
export const SMS_BUDGET_SPENT = /*i18n*/ 'We cannot send more SMS codes just now. Please try again in an hour.';
export const PHONE_SMS_DAY_SPENT =
  /*i18n*/ 'This phone has been sent as many SMS as we send in a day. Please try again tomorrow.';
export const SMS_NOT_SENT = /*i18n*/ 'We could not send your SMS code just now. Please ask for a new code.';
export const NUMBER_REFUSED =
  /*i18n*/ 'Our SMS gateway cannot send a code to this number. Check the number, or use another phone.';
export const NOT_A_MOBILE = /*i18n*/ 'Codes are sent by SMS: enter a mobile number.';
export const PHONES_NOT_CHECKED = /*i18n*/ 'Phone numbers are not being checked: place your order without a code.';
export const PHONE_CHECK_NEEDED = /*i18n*/ 'Enter the 6-digit code we send by SMS to reserve these items.';
export const PHONE_CODE_WRONG = /*i18n*/ 'That code is not right or has expired. Check the SMS, or ask for a new code.';

/** Whether phones are proved (an SMS transport is configured), and the server key phone tokens are signed with. */
export interface PhoneProof {
  enabled: boolean;
  key(): Promise<string>;
  /** Codes one IPv6 /64 may ask for in an hour. */
  codesPerAddressHour: number;
  /** Codes one IPv4 address may ask for in an hour: many phones share a carrier's address. */
  codesPerIpv4Hour: number;
  smsBudget: SmsBudget;
  /**
   * The SMS gateway a code is sent through in its request, the buyer waiting (decision 0088); without one the
   * outbox worker sends it. `alert` is told of a refusal an operator must act on (the metrics count it).
   */
  sms?: { transport: Transport; alert?: (alert: OutboxAlert) => void };
}

/** How long a code's send may take before the worker takes it as interrupted: beyond any gateway's timeout. */
const CODE_SEND_LEASE_MS = 5 * 60_000;

/** The hourly cap of an address group: an IPv6 /64 (addressGroup writes it with colons) or an IPv4 address. */
function codesPerGroupHour(proof: Pick<PhoneProof, 'codesPerAddressHour' | 'codesPerIpv4Hour'>, group: string) {
  return group.includes(':') ? proof.codesPerAddressHour : proof.codesPerIpv4Hour;
}

function tooMany(message: string, until: Date, now: Date): HttpError {
  const error = new HttpError(429, message);
  error.headers = { 'Retry-After': String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))) };
  return error;
}

const hashOf = (phone: string, code: string) => hashToken(`${phone}:${code}`);

/**
 * Sends a new code to the phone, within the hourly limits per phone and per address group, and the SMS budget: at
 * once, once its row and the budget's admission are committed, answering a failed send with a 503 (the code still
 * counts: the gateway may have taken it), or through the outbox when `proof.sms` is not given. `to.language`: the
 * page's, the SMS's language (decision 0094); English when the client does not say.
 */
export async function sendPhoneCode(
  db: Db,
  proof: PhoneProof,
  to: { phone: string; language?: Language },
  {
    group,
    now,
    log = { warn: () => {}, error: () => {} },
  }: { group: string; now: Date; log?: Pick<OutboxLog, 'warn' | 'error'> },
): Promise<PhoneCodeSent> {
  const { phone, language = 'en' } = to;
  if (!proof.enabled) throw new HttpError(409, PHONES_NOT_CHECKED);
  if (!isMalawiMobile(phone)) throw new HttpError(400, NOT_A_MOBILE, { phone: NOT_A_MOBILE });
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + CODE_MINUTES * 60_000).toISOString();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = await db.kysely.transaction().execute(async (trx) => {
    // Counted and written under one lock: requests racing cannot send a fourth code.
    await lockKeys(trx, db.engine, [`phone-code:${phone}`, `phone-code-group:${group}`]);
    const since = new Date(now.getTime() - 3_600_000).toISOString();
    const asked = await codesAskedSince(trx, phone, group, since);
    if (asked.byPhone >= CODES_PER_HOUR || asked.byGroup >= codesPerGroupHour(proof, group))
      throw tooMany(TOO_MANY_CODES, new Date(now.getTime() + 3_600_000), now);
    // Then the SMS budget every message shares, counted in the database under its own lock (sms-budget.ts).
    const admission = await admitSms(trx, {
      engine: db.engine,
      budget: proof.smsBudget,
      recipient: phone,
      byStaff: false,
      now,
    });
    if (!admission.ok)
      throw tooMany(admission.spent === 'hour' ? SMS_BUDGET_SPENT : PHONE_SMS_DAY_SPENT, admission.until, now);
    const id = await insertCode(trx, {
      phone,
      code_hash: hashOf(phone, code),
      client_group: group,
      expires_at: expiresAt,
      used_at: null,
      created_at: at,
    });
    // Our words and the code only: nothing the requester typed goes into the message.
    const message: NewMessage = {
      channel: 'sms',
      recipient: phone,
      body: text(language, 'phone.code', { code }),
      subjectType: 'phone_code',
      subjectId: id,
      // Let through the budget above, in this transaction: counted from now, never again.
      admitted: true,
    };
    if (proof.sms) return enqueueSentAtOnce(trx, message, now, CODE_SEND_LEASE_MS);
    await enqueueMessages(trx, [message], now);
    return undefined;
  });
  if (row && proof.sms) {
    const failure = await sendAtOnce(db, proof.sms.transport, row, {
      now,
      log,
      ...(proof.sms.alert ? { alert: proof.sms.alert } : {}),
    });
    if (failure?.refused) throw new HttpError(422, NUMBER_REFUSED, { phone: NUMBER_REFUSED });
    if (failure) throw new HttpError(503, SMS_NOT_SENT);
  }
  return { phone, expires_at: expiresAt };
}

export interface BuyerPhone {
  phone: string;
  phone_code?: string | undefined;
  phone_token?: string | undefined;
}

/**
 * Whether the buyer's phone is proved for this reservation: by a phone token, or by the newest code sent to
 * it (`codeId`: the order's transaction uses it up, so a refused order leaves it usable). A 403 otherwise
 * when phones are proved; a wrong code counts as one of the code's tries.
 */
export async function proveBuyerPhone(
  db: Db,
  proof: PhoneProof,
  buyer: BuyerPhone,
  now: Date,
): Promise<{ proved: boolean; codeId?: number }> {
  if (!proof.enabled) return { proved: false };
  if (buyer.phone_token && provesPhone(await proof.key(), buyer.phone_token, buyer.phone, now)) return { proved: true };
  const unverified = (message: string) => new HttpError(403, message, undefined, { code: PHONE_UNVERIFIED });
  if (!buyer.phone_code) throw unverified(PHONE_CHECK_NEEDED);
  // Judged and counted in one statement: a burst of parallel guesses cannot compare more than CODE_TRIES.
  const codeId = await judgeGuess(db.kysely, {
    phone: buyer.phone,
    guessHash: hashOf(buyer.phone, buyer.phone_code),
    now: now.toISOString(),
    maxTries: CODE_TRIES,
  });
  if (codeId === undefined) throw unverified(PHONE_CODE_WRONG);
  return { proved: true, codeId };
}

/** The 403 when a code checked before the order's transaction was used by another request meanwhile. */
export function codeUsedMeanwhile(): HttpError {
  return new HttpError(403, PHONE_CODE_WRONG, undefined, { code: PHONE_UNVERIFIED });
}
