import { describe, expect, it } from 'vitest';
import {
  allowed,
  approveLabel,
  flagsOf,
  hintOf,
  nextStatus,
  SELLER_ACTIONS,
  SELLER_STATUSES,
  statusTone,
  whyNot,
  type SellerAction,
  type SellerStatus,
} from './seller-flow.js';

// Spec 4 rules written out by hand for every status, so the module is checked against the spec, not itself.
const expected: Record<SellerStatus, { allowed: SellerAction[]; hint: string | null }> = {
  Pending: { allowed: ['approve', 'offer', 'counter', 'reject', 'delete'], hint: null },
  Approved: { allowed: ['offer', 'reject', 'delete'], hint: 'Item approved — you can make an offer or reject.' },
  Accepted: { allowed: ['offer', 'reject', 'delete'], hint: 'Item approved — you can make an offer or reject.' },
  'Offer Pending': { allowed: ['addToInventory', 'reject', 'delete'], hint: 'Item approved and offer sent (pending response).' },
  'Accepted - Offer Pending': { allowed: ['addToInventory', 'reject', 'delete'], hint: 'Item approved and offer sent (pending response).' },
  'Offer Fulfilled': { allowed: ['delete'], hint: 'Offer fulfilled — transaction complete.' },
  'Counter Offer made': { allowed: ['approve', 'offer', 'reject', 'delete'], hint: null },
  'Offer Rejected': { allowed: ['approve', 'delete'], hint: 'Item rejected — waiting for seller response.' },
  Rejected: { allowed: ['approve', 'delete'], hint: 'Item rejected — waiting for seller response.' },
};

describe('seller-request flow', () => {
  it('derives the flags of spec 4 on loading', () => {
    expect(flagsOf('Approved')).toMatchObject({ approved: true, offerSent: false });
    expect(flagsOf('Accepted')).toMatchObject({ approved: true, offerSent: false });
    expect(flagsOf('Offer Pending')).toMatchObject({ approved: true, offerSent: true, fulfilled: false });
    expect(flagsOf('Accepted - Offer Pending')).toMatchObject({ approved: true, offerSent: true });
    expect(flagsOf('Offer Fulfilled')).toEqual({ approved: true, offerSent: true, fulfilled: true, countered: false, rejected: false });
    expect(flagsOf('Counter Offer made')).toEqual({ approved: false, offerSent: false, fulfilled: false, countered: true, rejected: false });
    expect(flagsOf('Offer Rejected')).toMatchObject({ rejected: true, approved: false });
    expect(flagsOf('Rejected')).toMatchObject({ rejected: true });
    expect(flagsOf('Pending')).toEqual({ approved: false, offerSent: false, fulfilled: false, countered: false, rejected: false });
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
  }

  it('leads each allowed action to the status of ARCHITECTURE.md', () => {
    expect(nextStatus(flagsOf('Pending'), 'approve')).toBe('Approved');
    expect(nextStatus(flagsOf('Rejected'), 'approve')).toBe('Approved');
    expect(nextStatus(flagsOf('Pending'), 'offer')).toBe('Offer Pending');
    expect(nextStatus(flagsOf('Approved'), 'offer')).toBe('Accepted - Offer Pending');
    expect(nextStatus(flagsOf('Counter Offer made'), 'offer')).toBe('Offer Pending');
    expect(nextStatus(flagsOf('Pending'), 'counter')).toBe('Counter Offer made');
    expect(nextStatus(flagsOf('Offer Pending'), 'reject')).toBe('Rejected');
    expect(nextStatus(flagsOf('Accepted - Offer Pending'), 'addToInventory')).toBe('Offer Fulfilled');
  });

  it('sets and clears flags as spec 4 says', () => {
    // Approve clears rejected; reject clears approved and offer sent; counter clears approval.
    expect(flagsOf(nextStatus(flagsOf('Rejected'), 'approve'))).toMatchObject({ approved: true, rejected: false });
    expect(flagsOf(nextStatus(flagsOf('Offer Pending'), 'reject'))).toMatchObject({ rejected: true, approved: false, offerSent: false });
    expect(flagsOf(nextStatus(flagsOf('Pending'), 'counter'))).toMatchObject({ countered: true, approved: false });
    expect(flagsOf(nextStatus(flagsOf('Approved'), 'offer'))).toMatchObject({ approved: true, offerSent: true });
    expect(flagsOf(nextStatus(flagsOf('Offer Pending'), 'addToInventory'))).toMatchObject({ fulfilled: true });
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
