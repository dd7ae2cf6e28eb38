import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashToken } from '../auth/index.js';
import { englishMessage, message, enqueueMessages, type NewMessage, plainName } from '../notifications/index.js';
import { smsNumber, statusToken } from './codes.js';
import type { StatusLinks } from './links.js';
import { setStatusTokenHash, type RequestRow } from './repository.js';

/** What the seller is told, and when: an offer to answer, the item on sale, or a no. */
export type SellerNews =
  | { kind: 'offer'; amount: number; reason: string | null; expiresAt: string }
  | { kind: 'inventory'; town: string | null }
  | { kind: 'rejected'; reason: string };

/**
 * One short SMS (when the phone is a Malawi number) and one email, each with the status link. They carry
 * our words, the reference, staff's reason and the link: never the item's name, which a stranger typed and
 * which would go out under our name to the phone they typed; the email greets the seller by a plain name. The SMS
 * is in the form's language (docs/decisions/0056); the email stays English.
 */
function sellerMessages(
  row: Pick<RequestRow, 'id' | 'reference' | 'seller_name' | 'phone' | 'email' | 'language'>,
  news: SellerNews,
  link: string,
): NewMessage[] {
  const { reference } = row;
  let sms: string;
  let subject: string;
  let body: string;
  switch (news.kind) {
    case 'offer': {
      const { amount, expiresAt, reason } = news;
      sms = message(row.language, 'seller.offer', { reference, link, amount, expiresAt });
      subject = englishMessage('seller.offer.subject', { reference });
      body = englishMessage('seller.offer.body', { reference, link, amount, expiresAt, reason });
      break;
    }
    case 'inventory':
      sms = message(row.language, 'seller.inventory', { reference, link, town: news.town });
      subject = englishMessage('seller.inventory.subject', { reference });
      body = englishMessage('seller.inventory.body', { reference, link, town: news.town });
      break;
    case 'rejected':
      sms = message(row.language, 'seller.rejected', { reference, link, reason: news.reason });
      subject = englishMessage('seller.rejected.subject', { reference });
      body = englishMessage('seller.rejected.body', { reference, link, reason: news.reason });
      break;
  }
  const about = { subjectType: 'seller_request', subjectId: row.id };
  const messages: NewMessage[] = [];
  const phone = smsNumber(row.phone);
  if (phone) messages.push({ channel: 'sms', recipient: phone, body: sms, ...about });
  if (row.email)
    messages.push({
      channel: 'email',
      recipient: row.email,
      subject,
      body: englishMessage('seller.email', { name: plainName(row.seller_name), body, reference }),
      ...about,
    });
  return messages;
}

/** Staff moves tell the seller (when they asked to be told) with a link made from the server's key. */
export interface Notify {
  key: string;
  links: StatusLinks;
}

/**
 * Written in the action's transaction: the message exists exactly when the action does. `staffId`: the staff
 * member whose action it is news of (their SMS are not held by the per-number SMS cap, decision 0084).
 */
export async function tellSeller(
  trx: Transaction<Database>,
  {
    row,
    news,
    notify,
    now,
    staffId = null,
  }: { row: RequestRow; news: SellerNews; notify: Notify; now: Date; staffId?: number | null },
) {
  const token = statusToken(notify.key, row.reference);
  // A request made before links were derived from the key (or under another key) gets the link the
  // message carries; the earlier link stops working.
  if (hashToken(token) !== row.status_token_hash) await setStatusTokenHash(trx, row.id, hashToken(token));
  const messages = sellerMessages(row, news, notify.links.url(token)).map((m) => ({ ...m, staffId }));
  await enqueueMessages(trx, messages, now);
}
