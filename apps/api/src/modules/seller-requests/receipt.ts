import type { Language } from '@marketplace/shared';
import type { Transaction } from 'kysely';
import type { Engine } from '../../db/database.js';
import { lockKeys } from '../../db/advisory-lock.js';
import type { Database } from '../../db/schema.js';
import { message, enqueueMessages } from '../notifications/index.js';
import { phoneKey, smsNumber } from './codes.js';
import { markReceiptSent, receiptsSince } from './repository.js';

// The SMS a seller gets as soon as a /sell submission is stored (docs/decisions/0056). /sell is public, so each
// one is an SMS a stranger can make us send to any number: the caps below bound what one phone receives and what
// one network can make us send, and past them the submission is still stored (the page shows the same link).

/** Submission SMS one phone receives in 24 hours: a seller offering several items hears of the first ones. */
export const RECEIPTS_PER_PHONE_DAY = 3;
/** Submission SMS one address group (IPv4 address, IPv6 /64) makes us send in 24 hours. */
export const RECEIPTS_PER_ADDRESS_DAY = 20;
const DAY_MS = 86_400_000;

/** Where a public submission came from and in which language its form was filled in. */
export interface ReceiptContext {
  /** An SMS transport is configured: without one, no submission SMS is written at all. */
  sms: boolean;
  language: Language;
  group: string;
}

/**
 * Writes the submission SMS in the submission's transaction when the caps allow; true when it did. Counted and
 * written under a lock per phone and per group, so submissions racing cannot pass a cap together.
 */
export async function tellSellerReceived(
  trx: Transaction<Database>,
  {
    engine,
    request,
    receipt,
    now,
  }: {
    engine: Engine;
    request: { id: number; reference: string; phone: string; link: string };
    receipt: ReceiptContext;
    now: Date;
  },
): Promise<boolean> {
  const phone = smsNumber(request.phone);
  if (!receipt.sms || !phone) return false;
  const key = phoneKey(request.phone);
  await lockKeys(trx, engine, [`sell-receipt:${key}`, `sell-receipt-group:${receipt.group}`]);
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const sent = (column: 'phone_key' | 'client_group', value: string) => receiptsSince(trx, { column, value, since });
  if ((await sent('phone_key', key)) >= RECEIPTS_PER_PHONE_DAY) return false;
  if ((await sent('client_group', receipt.group)) >= RECEIPTS_PER_ADDRESS_DAY) return false;
  await enqueueMessages(
    trx,
    [
      {
        channel: 'sms',
        recipient: phone,
        // Our words, the reference and the link only, within one 160-character SMS for a short public address.
        body: message(receipt.language, 'seller.received', { reference: request.reference, link: request.link }),
        subjectType: 'seller_request',
        subjectId: request.id,
      },
    ],
    now,
  );
  await markReceiptSent(trx, request.id);
  return true;
}
