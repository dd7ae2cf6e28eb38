import { formatDate, formatMoney } from '@marketplace/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashToken } from '../auth/index.js';
import { enqueueMessages, type NewMessage, plainName } from '../notifications/index.js';
import { smsNumber, statusToken } from './codes.js';
import type { StatusLinks } from './links.js';
import { setStatusTokenHash, type RequestRow } from './repository.js';

/** What the seller is told, and when: an offer to answer, the item on sale, or a no. */
export type SellerNews =
  | { kind: 'offer'; amount: number; reason: string | null; expiresAt: string }
  | { kind: 'inventory'; town: string | null }
  | { kind: 'rejected'; reason: string };

const BRAND = 'Marketplace Malawi';

/** The SMS in Chichewa, for a seller who filled the form in it (docs/decisions/0056); the email stays English. */
function chichewaSms(reference: string, news: SellerNews, link: string): string {
  const item = `katundu wanu ${reference}`;
  switch (news.kind) {
    case 'offer':
      return `${BRAND}: tikupatsani ${formatMoney(news.amount)} pa ${item}. Vomerani kapena kanani pofika ${formatDate(news.expiresAt, 'ny')}: ${link}`;
    case 'inventory':
      return `${BRAND}: zikomo, ${item} tsopano akugulitsidwa${news.town ? ` ku shopu yathu ya ${news.town}` : ''}. Zambiri: ${link}`;
    case 'rejected':
      return `${BRAND}: sitingatenge ${item} pano. ${news.reason} Zambiri: ${link}`;
  }
}

/**
 * One short SMS (when the phone is a Malawi number) and one email, each with the status link. They carry
 * our words, the reference, staff's reason and the link: never the item's name, which a stranger typed and
 * which would go out under our name to the phone they typed; the email greets the seller by a plain name.
 */
function sellerMessages(
  row: Pick<RequestRow, 'id' | 'reference' | 'seller_name' | 'phone' | 'email' | 'language'>,
  news: SellerNews,
  link: string,
): NewMessage[] {
  const item = `item ${row.reference}`;
  let sms: string;
  let subject: string;
  let body: string;
  switch (news.kind) {
    case 'offer': {
      const until = formatDate(news.expiresAt);
      sms = `${BRAND}: we offer ${formatMoney(news.amount)} for your ${item}. Accept or decline by ${until}: ${link}`;
      subject = `Our offer for your ${item}`;
      body = [
        `We offer ${formatMoney(news.amount)} for your ${item}.`,
        news.reason ? `Why: ${news.reason}` : '',
        `Accept or decline by ${until} on your item's page:`,
        link,
      ]
        .filter(Boolean)
        .join('\n');
      break;
    }
    case 'inventory':
      sms = `${BRAND}: thank you, your ${item} is now for sale${news.town ? ` in our ${news.town} shop` : ''}. Details: ${link}`;
      subject = `Your ${item} is for sale`;
      body = [
        `Thank you: your ${item} is now for sale${news.town ? ` in our ${news.town} shop` : ''}.`,
        'Follow it on its page:',
        link,
      ].join('\n');
      break;
    case 'rejected':
      sms = `${BRAND}: we cannot take your ${item} this time. ${news.reason} Details: ${link}`;
      subject = `About your ${item}`;
      body = [
        `We are sorry: we cannot take your ${item} this time.`,
        `Why: ${news.reason}`,
        'Details on its page:',
        link,
      ].join('\n');
      break;
  }
  const about = { subjectType: 'seller_request', subjectId: row.id };
  const messages: NewMessage[] = [];
  const phone = smsNumber(row.phone);
  if (row.language === 'ny') sms = chichewaSms(row.reference, news, link);
  if (phone) messages.push({ channel: 'sms', recipient: phone, body: sms, ...about });
  if (row.email)
    messages.push({
      channel: 'email',
      recipient: row.email,
      subject,
      body: `Hello ${plainName(row.seller_name) || 'there'},\n\n${body}\n\nReference: ${row.reference}\n${BRAND}`,
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
  row: RequestRow,
  news: SellerNews,
  notify: Notify,
  now: Date,
  staffId: number | null = null,
) {
  const token = statusToken(notify.key, row.reference);
  // A request made before links were derived from the key (or under another key) gets the link the
  // message carries; the earlier link stops working.
  if (hashToken(token) !== row.status_token_hash) await setStatusTokenHash(trx, row.id, hashToken(token));
  const messages = sellerMessages(row, news, notify.links.url(token)).map((m) => ({ ...m, staffId }));
  await enqueueMessages(trx, messages, now);
}
