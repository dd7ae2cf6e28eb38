import type { Language } from '@marketplace/shared';
import { en, type Messages } from './en.js';
import { englishOnly, type EnglishOnlyMessages } from './english-only.js';
import { ny } from './ny.js';

// The server's one message catalogue (docs/decisions/0094): every SMS and email text, by key, in en.ts and ny.ts
// (the same keys and parameters, the compiler checks), and in english-only.ts the emails that stay English.

export { BRAND } from './brand.js';
export type { Messages, OfferFacts, OrderFacts, ReturnAskFacts, ReturnFacts } from './en.js';
export { smsParts } from './sms-length.js';

export type MessageKey = keyof Messages;

export const CATALOGUE: Record<Language, Messages> = { en, ny };

/** Which channel each message goes by: an SMS's length is tested (messages.test.ts); a new key must say. */
export const CHANNEL: Record<MessageKey, 'sms' | 'email'> = {
  'phone.code': 'sms',
  'order.placed': 'sms',
  'order.ready': 'sms',
  'order.reminder': 'sms',
  'order.expired': 'sms',
  'order.cancelled': 'sms',
  'order.refunded': 'sms',
  'order.refunded_elsewhere': 'sms',
  'order.refund_by_hand': 'sms',
  'order.link': 'sms',
  'order.placed.subject': 'email',
  'order.ready.subject': 'email',
  'order.reminder.subject': 'email',
  'order.expired.subject': 'email',
  'order.cancelled.subject': 'email',
  'order.refunded.subject': 'email',
  'order.refund_by_hand.subject': 'email',
  'order.refunded_elsewhere.subject': 'email',
  'order.greeting': 'email',
  'seller.received': 'sms',
  'seller.offer': 'sms',
  'seller.inventory': 'sms',
  'seller.rejected': 'sms',
  'seller.paid': 'sms',
  'seller.by_hand': 'sms',
  'transfer.accepted': 'sms',
  'transfer.declined': 'sms',
  'return.requested': 'sms',
  'alert.head': 'sms',
  'alert.drop': 'sms',
  'alert.back': 'sms',
  'alert.new_one': 'sms',
  'alert.new_many': 'sms',
  'alert.more': 'sms',
  'alert.stop': 'sms',
  'return.received': 'sms',
  'return.in_repair': 'sms',
  'return.repaired': 'sms',
  'return.handed_over': 'sms',
  'return.declined': 'sms',
  'return.refunded': 'sms',
  'return.replaced': 'sms',
  'offer.made': 'sms',
  'offer.accepted': 'sms',
  'offer.countered': 'sms',
  'offer.declined': 'sms',
  'offer.expired': 'sms',
  'offer.sold': 'sms',
};

/** A message's text in `language`: `message('ny', 'order.link', { number, link })`. */
export function message<K extends MessageKey>(language: Language, key: K, ...params: Parameters<Messages[K]>): string {
  return (CATALOGUE[language][key] as (...args: Parameters<Messages[K]>) => string)(...params);
}

/** An email that is sent in English whatever the language (english-only.ts says which and why). */
export function englishMessage<K extends keyof EnglishOnlyMessages>(
  key: K,
  ...params: Parameters<EnglishOnlyMessages[K]>
): string {
  return (englishOnly[key] as (...args: Parameters<EnglishOnlyMessages[K]>) => string)(...params);
}
