import { randomInt } from 'node:crypto';
import { isMalawiMobile, PHONE_UNVERIFIED, type PhoneCodeSent } from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { lockKeys } from '../../db/advisory-lock.js';
import { HttpError } from '../../plugins/errors.js';
import { hashToken } from '../auth/tokens.js';
import { enqueueMessages } from '../notifications/outbox.js';
import { provesPhone } from './phone-token.js';
import { codesAskedSince, countTry, insertCode, newestLiveCode } from './repository.js';

const CODE_MINUTES = 10;
const CODE_TRIES = 5;
/** Codes per phone in an hour (each one is an SMS we pay for); per address group: PHONE_CODES_PER_ADDRESS_HOUR. */
export const CODES_PER_HOUR = 3;

export const TOO_MANY_CODES =
  /*i18n*/ 'Too many codes were asked for this phone or from your network. Please try again in an hour.';
export const NOT_A_MOBILE = /*i18n*/ 'Codes are sent by SMS: enter a mobile number.';
export const PHONES_NOT_CHECKED = /*i18n*/ 'Phone numbers are not being checked: place your order without a code.';
export const PHONE_CHECK_NEEDED = /*i18n*/ 'Enter the 6-digit code we send by SMS to reserve these items.';
export const PHONE_CODE_WRONG = /*i18n*/ 'That code is not right or has expired. Check the SMS, or ask for a new code.';

/** Whether phones are proved (an SMS transport is configured), and the server key phone tokens are signed with. */
export interface PhoneProof {
  enabled: boolean;
  key(): Promise<string>;
  codesPerAddressHour: number;
}

const hashOf = (phone: string, code: string) => hashToken(`${phone}:${code}`);

/** Sends a new code to the phone, within the hourly limits per phone and per address group. */
export async function sendPhoneCode(
  db: Db,
  proof: PhoneProof,
  phone: string,
  group: string,
  now: Date,
): Promise<PhoneCodeSent> {
  if (!proof.enabled) throw new HttpError(409, PHONES_NOT_CHECKED);
  if (!isMalawiMobile(phone)) throw new HttpError(400, NOT_A_MOBILE, { phone: NOT_A_MOBILE });
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + CODE_MINUTES * 60_000).toISOString();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.kysely.transaction().execute(async (trx) => {
    // Counted and written under one lock: requests racing cannot send a fourth code.
    await lockKeys(trx, db.engine, [`phone-code:${phone}`, `phone-code-group:${group}`]);
    const since = new Date(now.getTime() - 3_600_000).toISOString();
    const asked = await codesAskedSince(trx, phone, group, since);
    if (asked.byPhone >= CODES_PER_HOUR || asked.byGroup >= proof.codesPerAddressHour) {
      const error = new HttpError(429, TOO_MANY_CODES);
      error.headers = { 'Retry-After': '3600' };
      throw error;
    }
    const id = await insertCode(trx, {
      phone,
      code_hash: hashOf(phone, code),
      client_group: group,
      expires_at: expiresAt,
      used_at: null,
      created_at: at,
    });
    // Our words and the code only: nothing the requester typed goes into the message.
    await enqueueMessages(
      trx,
      [
        {
          channel: 'sms',
          recipient: phone,
          body: `Your Marketplace Malawi code is ${code}`,
          subjectType: 'phone_code',
          subjectId: id,
        },
      ],
      now,
    );
  });
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
  const live = await newestLiveCode(db.kysely, buyer.phone, now.toISOString(), CODE_TRIES);
  if (!live) throw unverified(PHONE_CODE_WRONG);
  if (live.code_hash !== hashOf(buyer.phone, buyer.phone_code)) {
    await countTry(db.kysely, live.id, CODE_TRIES);
    throw unverified(PHONE_CODE_WRONG);
  }
  return { proved: true, codeId: live.id };
}

/** The 403 when a code checked before the order's transaction was used by another request meanwhile. */
export function codeUsedMeanwhile(): HttpError {
  return new HttpError(403, PHONE_CODE_WRONG, undefined, { code: PHONE_UNVERIFIED });
}
