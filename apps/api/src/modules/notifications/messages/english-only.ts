import { formatDate, formatMoney } from '@marketplace/shared';
import { BRAND } from './brand.js';

// The emails sent in English whatever the page's language (docs/decisions/0094): staff's (password reset, two-step
// lock: the back office is English), and the seller's (decision 0056: "the email stays English", only the SMS follows
// the form's language). Translating one is a product change: move its key to en.ts and ny.ts and pass the language.

/** "Hello Name," or "Hello," without a name. */
const hello = (name: string) => `Hello${name ? ` ${name}` : ''},`;

export const englishOnly = {
  'password_reset.subject': () => `${BRAND}: set a new password`,
  'password_reset.body': (p: { name: string; link: string }) =>
    [
      hello(p.name),
      '',
      'Someone asked to set a new password for your account. To choose one, open this link within 30 minutes:',
      p.link,
      '',
      'If it was not you, ignore this email: your password stays as it is.',
      '',
      BRAND,
    ].join('\n'),

  'two_step_locked.subject': () => `${BRAND}: two-step login locked`,
  'two_step_locked.body': (p: { name: string; link: string }) =>
    [
      hello(p.name),
      '',
      'Someone typed 10 wrong two-step login codes for your account, so two-step login is locked: no code',
      'is accepted, not even the right one. If it was you, open this link within 24 hours to unlock it:',
      p.link,
      '',
      'If it was not you, someone knows your password: unlock it, then set a new password with',
      '"Forgot your password?" on the login page, or ask an Admin.',
      '',
      BRAND,
    ].join('\n'),

  'seller_account.subject': () => `${BRAND}: your seller account`,
  /** The seller already has a proved account with this address: log in and add the item. */
  'seller_account.existing': (p: { name: string; reference: string; publicUrl: string }) =>
    [
      hello(p.name),
      '',
      `You asked to make a seller account for your item ${p.reference}, but you already have an account with this email address.`,
      `Log in at ${p.publicUrl}/account and add the item with its private link. If you forgot your password, choose "Forgot your password?" there.`,
      '',
      BRAND,
    ].join('\n'),
  'seller_account.confirm': (p: { name: string; reference: string; link: string }) =>
    [
      hello(p.name),
      '',
      `To finish making your seller account for your item ${p.reference}, open this link within 24 hours and choose your password:`,
      p.link,
      '',
      'If you did not ask for an account, ignore this email: nothing is made without it.',
      '',
      BRAND,
    ].join('\n'),

  /** The seller's emails about their item: the body goes between the greeting and the reference (sellerEmail). */
  'seller.offer.subject': (p: { reference: string }) => `Our offer for your item ${p.reference}`,
  'seller.offer.body': (p: {
    reference: string;
    amount: number;
    reason: string | null;
    expiresAt: string;
    link: string;
  }) =>
    [
      `We offer ${formatMoney(p.amount)} for your item ${p.reference}.`,
      p.reason ? `Why: ${p.reason}` : '',
      `Accept or decline by ${formatDate(p.expiresAt)} on your item's page:`,
      p.link,
    ]
      .filter(Boolean)
      .join('\n'),
  'seller.inventory.subject': (p: { reference: string }) => `Your item ${p.reference} is for sale`,
  'seller.inventory.body': (p: { reference: string; town: string | null; link: string }) =>
    [
      `Thank you: your item ${p.reference} is now for sale${p.town ? ` in our ${p.town} shop` : ''}.`,
      'Follow it on its page:',
      p.link,
    ].join('\n'),
  'seller.rejected.subject': (p: { reference: string }) => `About your item ${p.reference}`,
  'seller.rejected.body': (p: { reference: string; reason: string; link: string }) =>
    [
      `We are sorry: we cannot take your item ${p.reference} this time.`,
      `Why: ${p.reason}`,
      'Details on its page:',
      p.link,
    ].join('\n'),
  /** `name`: the seller's plain name, or '' ("Hello there,"). */
  'seller.email': (p: { name: string; body: string; reference: string }) =>
    `Hello ${p.name || 'there'},\n\n${p.body}\n\nReference: ${p.reference}\n${BRAND}`,
};

export type EnglishOnlyMessages = typeof englishOnly;
