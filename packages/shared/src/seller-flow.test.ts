import { describe, expect, it } from 'vitest';
import {
  allowed,
  approveLabel,
  flagsOf,
  hasOpenOffer,
  hintOf,
  nextStatus,
  OPEN_OFFER_STATUSES,
  SELLER_ACTIONS,
  SELLER_STATUSES,
  sellerAnswers,
  sellerStatusText,
  statusTone,
  whyNot,
  type SellerAction,
  type SellerStatus,
} from './seller-flow.js';

// The rules of docs/product.md#seller-requests written out by hand for every status, so the module is
// checked against them, not against itself. An offer waits for the seller's answer in the three "open" statuses only.
const ANSWERS: SellerAction[] = ['recordAcceptance', 'sellerAccept', 'sellerDecline', 'expireOffer'];
const expected: Record<
  SellerStatus,
  { allowed: SellerAction[]; hint: string | null; tone: 'green' | 'red' | 'yellow' }
> = {
  Pending: { allowed: ['approve', 'offer', 'counter', 'reject', 'delete'], hint: null, tone: 'yellow' },
  Approved: {
    allowed: ['offer', 'reject', 'delete'],
    hint: 'Item approved — you can make an offer or reject.',
    tone: 'green',
  },
  Accepted: {
    allowed: ['offer', 'reject', 'delete'],
    hint: 'Item approved — you can make an offer or reject.',
    tone: 'yellow',
  },
  'Offer Pending': {
    allowed: ['reject', 'delete', ...ANSWERS],
    hint: 'Item approved and offer sent (pending response).',
    tone: 'yellow',
  },
  'Accepted - Offer Pending': {
    allowed: ['reject', 'delete', ...ANSWERS],
    hint: 'Item approved and offer sent (pending response).',
    tone: 'yellow',
  },
  'Offer Fulfilled': { allowed: ['delete'], hint: 'Offer fulfilled — transaction complete.', tone: 'yellow' },
  'Counter Offer made': { allowed: ['approve', 'offer', 'reject', 'delete', ...ANSWERS], hint: null, tone: 'yellow' },
  'Offer Rejected': {
    allowed: ['approve', 'delete'],
    hint: 'Item rejected — waiting for seller response.',
    tone: 'red',
  },
  Rejected: { allowed: ['approve', 'delete'], hint: 'Item rejected — waiting for seller response.', tone: 'red' },
  'Offer Accepted by Seller': {
    allowed: ['addToInventory', 'reject', 'delete'],
    hint: 'Seller accepted the offer — add the item to the inventory.',
    tone: 'green',
  },
  'Offer Declined by Seller': {
    allowed: ['offer', 'reject', 'delete'],
    hint: 'Seller declined the offer — make a new offer or reject.',
    tone: 'red',
  },
  'Offer Expired': {
    allowed: ['offer', 'reject', 'delete'],
    hint: 'The offer expired without an answer — make a new offer or reject.',
    tone: 'yellow',
  },
};

describe('seller-request flow', () => {
  it('derives the flags of each status on loading', () => {
    expect(flagsOf('Approved')).toMatchObject({ approved: true, offerSent: false });
    expect(flagsOf('Accepted')).toMatchObject({ approved: true, offerSent: false });
    expect(flagsOf('Offer Pending')).toMatchObject({ approved: true, offerSent: true, fulfilled: false });
    expect(flagsOf('Accepted - Offer Pending')).toMatchObject({ approved: true, offerSent: true });
    expect(flagsOf('Offer Fulfilled')).toMatchObject({
      approved: true,
      offerSent: true,
      fulfilled: true,
      countered: false,
      rejected: false,
    });
    expect(flagsOf('Counter Offer made')).toMatchObject({
      approved: false,
      offerSent: false,
      fulfilled: false,
      countered: true,
      rejected: false,
    });
    expect(flagsOf('Offer Rejected')).toMatchObject({ rejected: true, approved: false });
    expect(flagsOf('Rejected')).toMatchObject({ rejected: true });
    expect(flagsOf('Offer Accepted by Seller')).toMatchObject({
      approved: true,
      offerSent: true,
      sellerAccepted: true,
      sellerDeclined: false,
      offerExpired: false,
    });
    expect(flagsOf('Offer Declined by Seller')).toMatchObject({
      approved: true,
      offerSent: false,
      sellerAccepted: false,
      sellerDeclined: true,
      offerExpired: false,
    });
    expect(flagsOf('Offer Expired')).toMatchObject({
      approved: true,
      offerSent: false,
      sellerAccepted: false,
      sellerDeclined: false,
      offerExpired: true,
    });
    expect(flagsOf('Pending')).toEqual({
      approved: false,
      offerSent: false,
      fulfilled: false,
      countered: false,
      rejected: false,
      sellerAccepted: false,
      sellerDeclined: false,
      offerExpired: false,
    });
    expect(flagsOf('something else')).toEqual(flagsOf('Pending'));
  });

  for (const status of SELLER_STATUSES) {
    for (const action of SELLER_ACTIONS) {
      const yes = expected[status].allowed.includes(action);
      it(`${yes ? 'allows' : 'refuses'} ${action} from ${status}`, () => {
        const flags = flagsOf(status);
        expect(allowed(flags, action)).toBe(yes);
        const reason = whyNot(flags, action);
        if (yes) expect(reason).toBeNull();
        else expect(reason).toMatch(/\.$/);
      });
    }
    it(`shows the hint for ${status}`, () => expect(hintOf(flagsOf(status))).toBe(expected[status].hint));
    it(`colours ${status} ${expected[status].tone}`, () => expect(statusTone(status)).toBe(expected[status].tone));
    it(`tells the seller about ${status} in plain words`, () => {
      const open = expected[status].allowed.includes('sellerAccept');
      expect(sellerStatusText(status)).toMatch(/^[A-Z].+[.!]$/);
      expect(sellerAnswers(flagsOf(status))).toEqual(open ? ['accept', 'decline'] : []);
      expect(hasOpenOffer(flagsOf(status))).toBe(open);
    });
  }

  it('leads each allowed action to its next status', () => {
    expect(nextStatus(flagsOf('Pending'), 'approve')).toBe('Approved');
    expect(nextStatus(flagsOf('Rejected'), 'approve')).toBe('Approved');
    expect(nextStatus(flagsOf('Pending'), 'offer')).toBe('Offer Pending');
    expect(nextStatus(flagsOf('Approved'), 'offer')).toBe('Accepted - Offer Pending');
    expect(nextStatus(flagsOf('Counter Offer made'), 'offer')).toBe('Offer Pending');
    expect(nextStatus(flagsOf('Pending'), 'counter')).toBe('Counter Offer made');
    expect(nextStatus(flagsOf('Offer Pending'), 'reject')).toBe('Rejected');
    expect(nextStatus(flagsOf('Offer Accepted by Seller'), 'addToInventory')).toBe('Offer Fulfilled');
    expect(nextStatus(flagsOf('Offer Pending'), 'sellerAccept')).toBe('Offer Accepted by Seller');
    expect(nextStatus(flagsOf('Counter Offer made'), 'sellerAccept')).toBe('Offer Accepted by Seller');
    expect(nextStatus(flagsOf('Accepted - Offer Pending'), 'recordAcceptance')).toBe('Offer Accepted by Seller');
    expect(nextStatus(flagsOf('Offer Pending'), 'sellerDecline')).toBe('Offer Declined by Seller');
    expect(nextStatus(flagsOf('Counter Offer made'), 'expireOffer')).toBe('Offer Expired');
    // After a decline or an expiry staff make a new offer on the approved request.
    expect(nextStatus(flagsOf('Offer Declined by Seller'), 'offer')).toBe('Accepted - Offer Pending');
    expect(nextStatus(flagsOf('Offer Expired'), 'offer')).toBe('Accepted - Offer Pending');
  });

  it('lists the statuses an offer is open in', () => {
    expect([...OPEN_OFFER_STATUSES].sort()).toEqual([
      'Accepted - Offer Pending',
      'Counter Offer made',
      'Offer Pending',
    ]);
  });

  it('explains each refusal of an answer', () => {
    expect(whyNot(flagsOf('Pending'), 'sellerAccept')).toBe('There is no offer waiting for an answer.');
    expect(whyNot(flagsOf('Offer Accepted by Seller'), 'sellerDecline')).toBe('The offer is already accepted.');
    expect(whyNot(flagsOf('Offer Declined by Seller'), 'sellerAccept')).toBe('The offer is already declined.');
    expect(whyNot(flagsOf('Offer Expired'), 'recordAcceptance')).toBe('The offer has expired.');
    expect(whyNot(flagsOf('Rejected'), 'sellerAccept')).toBe('The request was rejected; the offer was withdrawn.');
    expect(whyNot(flagsOf('Offer Fulfilled'), 'sellerAccept')).toBe('The item is already in the inventory.');
    expect(whyNot(flagsOf('Offer Pending'), 'addToInventory')).toBe('The seller has not accepted the offer yet.');
  });

  it('sets and clears the flags each action names', () => {
    // Approve clears rejected; reject clears approved and offer sent; counter clears approval.
    expect(flagsOf(nextStatus(flagsOf('Rejected'), 'approve'))).toMatchObject({ approved: true, rejected: false });
    expect(flagsOf(nextStatus(flagsOf('Offer Pending'), 'reject'))).toMatchObject({
      rejected: true,
      approved: false,
      offerSent: false,
    });
    expect(flagsOf(nextStatus(flagsOf('Pending'), 'counter'))).toMatchObject({ countered: true, approved: false });
    expect(flagsOf(nextStatus(flagsOf('Approved'), 'offer'))).toMatchObject({ approved: true, offerSent: true });
    expect(flagsOf(nextStatus(flagsOf('Offer Accepted by Seller'), 'addToInventory'))).toMatchObject({
      fulfilled: true,
    });
    expect(flagsOf(nextStatus(flagsOf('Offer Declined by Seller'), 'offer'))).toMatchObject({
      offerSent: true,
      sellerDeclined: false,
    });
  });

  it('labels approve after a rejection and colours statuses', () => {
    expect(approveLabel(flagsOf('Rejected'))).toBe('Approve after Rejection');
    expect(approveLabel(flagsOf('Pending'))).toBe('Accept offer');
    expect(statusTone('Approved')).toBe('green');
    expect(statusTone('Rejected')).toBe('red');
    expect(statusTone('Offer Rejected')).toBe('red');
    expect(statusTone('Offer Pending')).toBe('yellow');
  });
});
