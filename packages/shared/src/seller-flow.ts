// The seller-request flow of spec section 4, shared by the detail screen (which buttons are enabled,
// which hint shows) and the server (which actions it accepts and the status each one leads to).

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
] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];

export const SELLER_ACTIONS = ['approve', 'offer', 'addToInventory', 'counter', 'reject', 'delete'] as const;
export type SellerAction = (typeof SELLER_ACTIONS)[number];

export interface SellerFlags {
  approved: boolean;
  offerSent: boolean;
  countered: boolean;
  rejected: boolean;
  fulfilled: boolean;
}

/** Spec 4, "On loading the detail". Unknown statuses (and Pending) set no flag. */
export function flagsOf(status: string): SellerFlags {
  const flags: SellerFlags = { approved: false, offerSent: false, countered: false, rejected: false, fulfilled: false };
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
    default:
      return flags;
  }
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
      if (flags.offerSent) return 'An offer has already been sent.';
      return null;
    case 'addToInventory':
      if (flags.fulfilled) return 'The item is already in the inventory.';
      if (!flags.approved || !flags.offerSent) return 'The request must be approved and have an offer sent first.';
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
  }
}

/** Spec 4 hints, first match wins. */
export function hintOf(flags: SellerFlags): string | null {
  if (flags.rejected) return 'Item rejected — waiting for seller response.';
  if (flags.fulfilled) return 'Offer fulfilled — transaction complete.';
  if (flags.approved && flags.offerSent) return 'Item approved and offer sent (pending response).';
  if (flags.approved) return 'Item approved — you can make an offer or reject.';
  return null;
}

/** 'Approve after Rejection' once rejected, 'Accept offer' otherwise. */
export function approveLabel(flags: SellerFlags): string {
  return flags.rejected ? 'Approve after Rejection' : 'Accept offer';
}

/** List colours: green Approved, red Rejected and Offer Rejected, yellow otherwise. */
export function statusTone(status: string): 'green' | 'red' | 'yellow' {
  if (status === 'Approved') return 'green';
  if (status === 'Rejected' || status === 'Offer Rejected') return 'red';
  return 'yellow';
}
