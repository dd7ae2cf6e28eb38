import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProduct } from '../test/products';
import { forgetItem, getSavedItems, readInterested, SAVED_KEY, saveItem, subscribeSavedItems } from './saved-items';

afterEach(() => vi.useRealTimers());

describe('saved items', () => {
  it('starts empty and keeps the same array while nothing changes (stable snapshot)', () => {
    expect(getSavedItems()).toEqual([]);
    expect(getSavedItems()).toBe(getSavedItems());
  });

  it('saves the interested-{id} flag and what the visitor saw, at the price shown', () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T08:00:00Z'), toFake: ['Date'] });
    saveItem(aProduct({ id: 7, price: 185000, sale_price: 185000, reserved: true }));
    expect(window.localStorage.getItem('interested-7')).toBe('true');
    expect(readInterested(7)).toBe(true);
    expect(getSavedItems()).toEqual([
      {
        id: 7,
        snapshot: {
          name: 'Samsung Galaxy A14',
          price: 185000,
          reserved: true,
          sold: false,
          saved_at: '2026-11-20T08:00:00.000Z',
        },
      },
    ]);
  });

  it('lists the most recently saved first, and forgetting an item leaves nothing of it behind', () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T08:00:00Z'), toFake: ['Date'] });
    saveItem(aProduct({ id: 3 }));
    vi.setSystemTime(new Date('2026-11-21T08:00:00Z'));
    saveItem(aProduct({ id: 9 }));
    expect(getSavedItems().map((item) => item.id)).toEqual([9, 3]);

    forgetItem(9);
    expect(getSavedItems().map((item) => item.id)).toEqual([3]);
    expect(window.localStorage.getItem('interested-9')).toBeNull();
    expect(Object.keys(JSON.parse(window.localStorage.getItem(SAVED_KEY) ?? '{}'))).toEqual(['3']);
    forgetItem(3);
    expect(window.localStorage.getItem(SAVED_KEY)).toBeNull();
  });

  it('lists items marked Interested before snapshots were kept, and ignores junk', () => {
    window.localStorage.setItem('interested-12', 'true');
    window.localStorage.setItem('interested-13', 'false');
    window.localStorage.setItem('interested-x', 'true');
    window.localStorage.setItem(SAVED_KEY, JSON.stringify({ 12: { name: 'Half a snapshot' } }));
    expect(getSavedItems()).toEqual([{ id: 12, snapshot: null }]);
    window.localStorage.setItem(SAVED_KEY, 'not json');
    expect(getSavedItems()).toEqual([{ id: 12, snapshot: null }]);
  });

  it('tells subscribers of changes made here and in another tab', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSavedItems(listener);
    saveItem(aProduct({ id: 4 }));
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'interested-5' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'basket' }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    forgetItem(4);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
