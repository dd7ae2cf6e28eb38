import { createHmac } from 'node:crypto';
import {
  ALERT_DAYS,
  MAX_ALERTS_PER_PHONE,
  PHONE_UNVERIFIED,
  type AlertSet,
  type Language,
  type alertRequestSchema,
} from '@marketplace/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { lockKeys } from '../../db/advisory-lock.js';
import { HttpError } from '../../plugins/errors.js';
import { hashToken } from '../auth/index.js';
import {
  signPhoneToken,
  useCode,
  codeUsedMeanwhile,
  proveBuyerPhone,
  PHONE_CHECK_NEEDED,
  type PhoneProof,
} from '../phone-proof/index.js';
import { itemState, searchMatches, storedFilters } from './matches.js';
import { endByStopHash, insertAlert, liveAlertsOf, markSeen, sameLiveAlert } from './repository.js';

const ALERTS_OFF = /*i18n*/ 'SMS alerts are not available just now.';
export const TOO_MANY_ALERTS = /*i18n*/ 'This phone has 20 alerts already. Stop some of them from an alert SMS first.';
const ALERT_ITEM_SOLD = /*i18n*/ 'This item is sold: it will not be on sale again.';
const NOT_FOUND = 'Product not found';

/** The server's link key and the storefront's address: the SMS carries links made from them. */
export interface AlertLinks {
  /** Read before a transaction opens (SQLite has one connection). */
  key(): Promise<string>;
  publicUrl: string;
}

/**
 * The stop link's token: an HMAC of the phone under the server key, so every SMS to the phone, days later, can
 * carry it while the database keeps only its hash. One per phone: the link stops all of the phone's alerts.
 */
export function stopToken(key: string, phone: string): string {
  return createHmac('sha256', key).update(`alerts-stop:${phone}`).digest('base64url').slice(0, 32);
}

export const stopUrl = (links: AlertLinks, token: string) => `${links.publicUrl}/alerts/stop/${token}`;

type AlertInput = z.output<typeof alertRequestSchema>;

/** The phone a token names ('265999123456.<expiry>.<sig>'); the signature is checked by proveBuyerPhone. */
function phoneOf(input: AlertInput): string {
  if (input.phone) return input.phone;
  const digits = input.phone_token?.split('.')[0] ?? '';
  if (!/^\d{8,15}$/.test(digits)) throw new HttpError(403, PHONE_CHECK_NEEDED, undefined, { code: PHONE_UNVERIFIED });
  return `+${digits}`;
}

/**
 * Sets an alert for a proved phone (the checkout's proof: a phone token or the code just sent). The same alert
 * twice is one alert; a phone has at most MAX_ALERTS_PER_PHONE running, counted under a lock on the phone.
 */
export async function setAlert(
  db: Db,
  {
    proof,
    links,
    input,
    language,
    now,
  }: { proof: PhoneProof; links: AlertLinks; input: AlertInput; language: Language; now: Date },
): Promise<AlertSet> {
  // Without an SMS transport no phone can be proved, and no alert could be sent.
  if (!proof.enabled) throw new HttpError(409, ALERTS_OFF);
  const phone = phoneOf(input);
  const { codeId } = await proveBuyerPhone(db, proof, { ...input, phone }, now);
  const at = now.toISOString();
  const key = await links.key();

  // Where things stand now is the baseline: only a change after this moment is told (read before the transaction).
  let base: { price: number; orderable: boolean } | undefined;
  let known: number[] = [];
  const filters = input.kind === 'search' ? storedFilters(input) : null;
  const query = input.kind === 'search' ? (input.query ?? '').replace(/\s+/g, ' ') : null;
  if (input.kind === 'item') {
    const item = await itemState(db.kysely, input.product_id!);
    if (!item) throw new HttpError(404, NOT_FOUND);
    if (item.sold) throw new HttpError(409, ALERT_ITEM_SOLD);
    base = item;
  } else known = (await searchMatches(db, query!, input)).map((p) => p.id);

  const row = {
    phone,
    kind: input.kind,
    product_id: input.kind === 'item' ? input.product_id! : null,
    query,
    filters,
  };
  const expiresAt = await db.kysely.transaction().execute(async (trx) => {
    await lockKeys(trx, db.engine, [`alerts-phone:${phone}`]);
    if (codeId !== undefined && !(await useCode(trx, codeId, at))) throw codeUsedMeanwhile();
    const same = await sameLiveAlert(trx, row, at);
    if (same) return same.expires_at;
    if ((await liveAlertsOf(trx, phone, at)).length >= MAX_ALERTS_PER_PHONE)
      throw new HttpError(429, TOO_MANY_ALERTS, undefined, { code: 'alerts_phone', limit: MAX_ALERTS_PER_PHONE });
    const expires = new Date(now.getTime() + ALERT_DAYS * 86_400_000).toISOString();
    const id = await insertAlert(trx, {
      ...row,
      language,
      base_price: base?.price ?? null,
      base_orderable: base === undefined ? null : base.orderable ? 1 : 0,
      stop_hash: hashToken(stopToken(key, phone)),
      created_at: at,
      expires_at: expires,
    });
    await markSeen(trx, id, known);
    return expires;
  });
  return { kind: input.kind, phone, expires_at: expiresAt, phone_token: signPhoneToken(key, phone, now) };
}

/**
 * Ends the alerts of the phone whose stop link this is. Unknown, used-up and valid tokens answer alike (the caller
 * answers 204 whatever this finds), so the link tells nobody which phones have alerts.
 */
export async function stopAlerts(db: Db, token: string, now: Date): Promise<void> {
  await endByStopHash(db.kysely, hashToken(token), now.toISOString());
}
