import { z } from 'zod';
import { newPasswordFormSchema } from './password-reset.js';
import { passwordField } from './users.js';

/**
 * Where the seller account offer stands on a status page: `offered` (set a password to make one) or
 * `linked`. `exists` is kept for old clients but never sent: no answer says whether an email has an
 * account (docs/decisions/0040).
 */
export const SELLER_ACCOUNT_STATES = ['offered', 'exists', 'linked'] as const;
/** `email_hint`: the account's email masked ('t***@example.mw'): anyone the link is shared with sees this page. */
export const sellerAccountOfferSchema = z.object({ state: z.enum(SELLER_ACCOUNT_STATES), email_hint: z.string() });
export type SellerAccountOffer = z.infer<typeof sellerAccountOfferSchema>;

/**
 * POST /v1/sells/{status_token}/account: asks for the link only. Whoever holds the item's private link is not
 * proved to own the email, so the password is chosen on the confirm page (docs/decisions/0086); a password sent
 * by an older page is dropped unread.
 */
export const sellerAccountSchema = z.object({});
/** POST /v1/account/confirm/{token}: the password the email's owner chooses for the new account. */
export const confirmSellerAccountSchema = z.object({ password: passwordField });
export type ConfirmSellerAccountInput = z.infer<typeof confirmSellerAccountSchema>;
export type SellerAccountInput = z.infer<typeof sellerAccountSchema>;
/** Its 202 answer: the link went to the item's email (masked), whatever that email already has. */
export const sellerAccountRequestedSchema = z.object({ email_hint: z.string() });
export type SellerAccountRequested = z.infer<typeof sellerAccountRequestedSchema>;
export const CONFIRM_LINK_SENT =
  /*i18n*/ 'We have sent a link to {email}. Open it to finish making your account. It works for 24 hours.';

/** POST /v1/account/items: the logged-in seller adds an item they hold the private link of. */
export const claimItemSchema = z.object({
  status_token: z.string({ message: /*i18n*/ 'The item link is required' }).max(100),
});

export const accountItemSchema = z.object({
  reference: z.string(),
  item_name: z.string(),
  /** The seller's asking price. */
  price: z.number().int(),
  status: z.string(),
  status_text: z.string(),
  /** The offer waiting for the seller's answer, if any. */
  open_offer: z.number().int().nullable(),
  image: z.string().nullable(),
  created_at: z.string(),
  /** The item's private page, so the account links to where the seller answers. */
  status_token: z.string(),
});
export type AccountItem = z.infer<typeof accountItemSchema>;

/** GET /v1/account/items: the logged-in seller's submissions, newest first. */
export const accountItemsSchema = z.object({
  display_name: z.string(),
  email: z.string(),
  items: z.array(accountItemSchema),
  total: z.number().int(),
});
export type AccountItems = z.infer<typeof accountItemsSchema>;

/** The confirm page's form: the password typed twice, since nobody can show it back to the seller later. */
export const sellerPasswordFormSchema = newPasswordFormSchema;
export type SellerPasswordForm = z.infer<typeof sellerPasswordFormSchema>;
