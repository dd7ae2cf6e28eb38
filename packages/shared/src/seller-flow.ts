// The seller-request flow (docs/product.md#seller-requests), shared by the detail screen (which buttons are
// enabled, which hint shows), the seller's status page (what the status means, whether the seller may
// answer) and the server (which actions it accepts and the status each one leads to).
import { orderTokenPattern } from './order-constants.js';

export const SELLER_STATUSES = [
  'Pending',
  'Approved',
  'Accepted',
  'Offer Pending',
  'Accepted - Offer Pending',
  'Offer Fulfilled',
  'Counter Offer made',
  'Offer Rejected',
  'Rejected',
  'Offer Accepted by Seller',
  'Offer Declined by Seller',
  'Offer Expired',
] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];

/**
 * Staff actions (approve ... delete, recordAcceptance: the seller accepted in person or by phone), the
 * seller's answers through the status link (sellerAccept, sellerDecline) and the system's expireOffer.
 */
export const SELLER_ACTIONS = [
  'approve',
  'offer',
  'addToInventory',
  'counter',
  'reject',
  'delete',
  'recordAcceptance',
  'sellerAccept',
  'sellerDecline',
  'expireOffer',
] as const;
export type SellerAction = (typeof SELLER_ACTIONS)[number];
/** The actions that answer an open offer. */
export type OfferAnswerAction = 'recordAcceptance' | 'sellerAccept' | 'sellerDecline' | 'expireOffer';

export interface SellerFlags {
  approved: boolean;
  offerSent: boolean;
  countered: boolean;
  rejected: boolean;
  fulfilled: boolean;
  sellerAccepted: boolean;
  sellerDeclined: boolean;
  offerExpired: boolean;
}

const NO_FLAGS: SellerFlags = {
  approved: false,
  offerSent: false,
  countered: false,
  rejected: false,
  fulfilled: false,
  sellerAccepted: false,
  sellerDeclined: false,
  offerExpired: false,
};

/**
 * The flags of a status, the seller's answers included (docs/product.md#seller-requests). Unknown statuses (and
 * Pending) set no flag.
 */
export function flagsOf(status: string): SellerFlags {
  const flags = NO_FLAGS;
  switch (status) {
    case 'Approved':
    case 'Accepted':
      return { ...flags, approved: true };
    case 'Offer Pending':
    case 'Accepted - Offer Pending':
      return { ...flags, approved: true, offerSent: true };
    case 'Offer Fulfilled':
      return { ...flags, approved: true, offerSent: true, fulfilled: true };
    case 'Counter Offer made':
      return { ...flags, countered: true };
    case 'Offer Rejected':
    case 'Rejected':
      return { ...flags, rejected: true };
    case 'Offer Accepted by Seller':
      return { ...flags, approved: true, offerSent: true, sellerAccepted: true };
    case 'Offer Declined by Seller':
      return { ...flags, approved: true, sellerDeclined: true };
    case 'Offer Expired':
      return { ...flags, approved: true, offerExpired: true };
    default:
      return flags;
  }
}

/** An offer or counter-offer is waiting for the seller's answer. */
export function hasOpenOffer(flags: SellerFlags): boolean {
  return !flags.fulfilled && !flags.rejected && ((flags.offerSent && !flags.sellerAccepted) || flags.countered);
}

/** Statuses with an offer waiting for an answer: the ones an offer may expire from. */
export const OPEN_OFFER_STATUSES: readonly SellerStatus[] = SELLER_STATUSES.filter((s) => hasOpenOffer(flagsOf(s)));

/** Why nobody can answer the offer now, or null when an offer is open. */
function whyNoOpenOffer(flags: SellerFlags): string | null {
  if (flags.fulfilled) return 'The item is already in the inventory.';
  if (flags.rejected) return 'The request was rejected; the offer was withdrawn.';
  if (flags.sellerAccepted) return 'The offer is already accepted.';
  if (flags.sellerDeclined) return 'The offer is already declined.';
  if (flags.offerExpired) return 'The offer has expired.';
  if (!hasOpenOffer(flags)) return 'There is no offer waiting for an answer.';
  return null;
}

/** Why an action is not allowed now, or null when it is. The server sends this text with its 409. */
export function whyNot(flags: SellerFlags, action: SellerAction): string | null {
  switch (action) {
    case 'approve':
      if (flags.fulfilled) return 'The offer is already fulfilled.';
      if (flags.approved) return 'The request is already approved.';
      return null;
    case 'offer':
      if (flags.fulfilled) return 'The offer is already fulfilled.';
      if (flags.rejected) return 'The request is rejected; approve it again first.';
      if (flags.sellerAccepted) return 'The seller has already accepted an offer.';
      if (flags.offerSent) return 'An offer has already been sent.';
      return null;
    case 'addToInventory':
      if (flags.fulfilled) return 'The item is already in the inventory.';
      if (!flags.approved || !flags.offerSent) return 'The request must be approved and have an offer sent first.';
      if (!flags.sellerAccepted) return 'The seller has not accepted the offer yet.';
      return null;
    case 'counter':
      if (flags.fulfilled) return 'The offer is already fulfilled.';
      if (flags.rejected) return 'The request is rejected.';
      if (flags.countered) return 'A counter-offer has already been made.';
      if (flags.approved) return 'The request is already approved.';
      return null;
    case 'reject':
      if (flags.fulfilled) return 'The offer is already fulfilled.';
      if (flags.rejected) return 'The request is already rejected.';
      return null;
    case 'delete':
      return null;
    case 'recordAcceptance':
    case 'sellerAccept':
    case 'sellerDecline':
    case 'expireOffer':
      return whyNoOpenOffer(flags);
  }
}

export function allowed(flags: SellerFlags, action: SellerAction): boolean {
  return whyNot(flags, action) === null;
}

/** The status an allowed action leads to (delete removes the request, so it has none). */
export function nextStatus(flags: SellerFlags, action: Exclude<SellerAction, 'delete'>): SellerStatus {
  switch (action) {
    case 'approve':
      return 'Approved';
    case 'offer':
      return flags.approved ? 'Accepted - Offer Pending' : 'Offer Pending';
    case 'addToInventory':
      return 'Offer Fulfilled';
    case 'counter':
      return 'Counter Offer made';
    case 'reject':
      return 'Rejected';
    case 'recordAcceptance':
    case 'sellerAccept':
      return 'Offer Accepted by Seller';
    case 'sellerDecline':
      return 'Offer Declined by Seller';
    case 'expireOffer':
      return 'Offer Expired';
  }
}

/** The detail screen's hint, first match wins (docs/product.md#seller-requests). */
export function hintOf(flags: SellerFlags): string | null {
  if (flags.rejected) return 'Item rejected — waiting for seller response.';
  if (flags.fulfilled) return 'Offer fulfilled — transaction complete.';
  if (flags.sellerAccepted) return 'Seller accepted the offer — add the item to the inventory.';
  if (flags.sellerDeclined) return 'Seller declined the offer — make a new offer or reject.';
  if (flags.offerExpired) return 'The offer expired without an answer — make a new offer or reject.';
  if (flags.approved && flags.offerSent) return 'Item approved and offer sent (pending response).';
  if (flags.approved) return 'Item approved — you can make an offer or reject.';
  return null;
}

/** 'Approve after Rejection' once rejected, 'Accept offer' otherwise. */
export function approveLabel(flags: SellerFlags): string {
  return flags.rejected ? 'Approve after Rejection' : 'Accept offer';
}

/** List colours: green Approved and accepted by the seller, red rejected or declined, yellow otherwise. */
export function statusTone(status: string): 'green' | 'red' | 'yellow' {
  if (status === 'Approved' || status === 'Offer Accepted by Seller') return 'green';
  if (status === 'Rejected' || status === 'Offer Rejected' || status === 'Offer Declined by Seller') return 'red';
  return 'yellow';
}

/** Where the item stands, in plain words for the seller's status page. */
export function sellerStatusText(status: string): string {
  const flags = flagsOf(status);
  if (flags.fulfilled) return /*i18n*/ 'We bought your item. Thank you for selling with us!';
  if (flags.rejected) return /*i18n*/ 'Sorry, we cannot buy this item.';
  if (flags.sellerAccepted)
    return /*i18n*/ 'You accepted our offer. We will contact you to collect the item and pay you.';
  if (flags.sellerDeclined) return /*i18n*/ 'You declined our offer. We may come back with a new one.';
  if (flags.offerExpired) return /*i18n*/ 'Our offer expired without an answer. We may come back with a new one.';
  if (flags.countered) return /*i18n*/ 'We made you a counter-offer. Accept it or decline it below.';
  if (flags.offerSent) return /*i18n*/ 'We made you an offer. Accept it or decline it below.';
  if (flags.approved) return /*i18n*/ 'Your item is approved. We will send you an offer soon.';
  return /*i18n*/ 'We received your item and will review it shortly.';
}

export type SellerAnswer = 'accept' | 'decline';

/** The answers the seller may give through the status link now. */
export function sellerAnswers(flags: SellerFlags): SellerAnswer[] {
  return hasOpenOffer(flags) ? ['accept', 'decline'] : [];
}

/** 'S-7QK2M': read out on the phone; the order numbers' alphabet without look-alikes. */
export const sellerReferencePattern = /^S-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/;
/** The seller's private status link: the same 32 url-safe characters (192 bits) as an order's. */
export const sellerTokenPattern = orderTokenPattern;
