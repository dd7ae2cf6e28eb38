import { describe, expect, it } from 'vitest';
import { NO_RETURNS, NO_WARRANTY, warrantyDays, whyNotAsk, windowsOf, type WarrantyFacts } from './windows.js';

const rules = { returnDays: 7, defaultWarrantyDays: 30 };
const phone: WarrantyFacts = { warranty_days: null, condition: 'good', category_keys: ['phones', null] };
const COMPLETED = '2026-06-01T08:00:00.000Z';

describe('after-sale windows', () => {
  it('gives the page-stated warranty, else the default for phones, tablets and laptops, else none', () => {
    expect(warrantyDays({ ...phone, warranty_days: 90 }, rules)).toBe(90);
    expect(warrantyDays(phone, rules)).toBe(30);
    expect(warrantyDays({ ...phone, category_keys: ['smartphones', 'tablets'] }, rules)).toBe(30);
    expect(warrantyDays({ ...phone, category_keys: ['fridges', null] }, rules)).toBe(0);
    // The seed's categories, by the words of their names as the product page reads them; a headphone is no phone.
    expect(warrantyDays({ ...phone, category_keys: ['smartphones', null] }, rules)).toBe(30);
    expect(warrantyDays({ ...phone, category_keys: ['laptops and computers', null] }, rules)).toBe(30);
    expect(warrantyDays({ ...phone, category_keys: ['headphones', null] }, rules)).toBe(0);
    expect(warrantyDays({ warranty_days: null, condition: null, category_keys: [] }, rules)).toBe(0);
  });

  it('gives no warranty to an item graded for parts, nor where the page states 0 days', () => {
    expect(warrantyDays({ ...phone, condition: 'for_parts', warranty_days: 90 }, rules)).toBe(0);
    expect(warrantyDays({ ...phone, warranty_days: 0 }, rules)).toBe(0);
  });

  it('counts both windows from completion', () => {
    expect(windowsOf(COMPLETED, phone, rules)).toEqual({
      return_until: '2026-06-08T08:00:00.000Z',
      warranty_until: '2026-07-01T08:00:00.000Z',
    });
    expect(windowsOf(COMPLETED, { ...phone, warranty_days: 0 }, { ...rules, returnDays: 0 })).toEqual({
      return_until: null,
      warranty_until: null,
    });
  });

  it("keeps the buyer's kind: each only within its own window, the refusal naming the day it ended", () => {
    const windows = windowsOf(COMPLETED, phone, rules);
    expect(whyNotAsk('return', windows, new Date('2026-06-08T08:00:00.000Z'))).toBeNull();
    expect(whyNotAsk('warranty', windows, new Date('2026-06-02T08:00:00.000Z'))).toBeNull();
    expect(whyNotAsk('return', windows, new Date('2026-06-08T08:00:01.000Z'))).toEqual({
      message: 'Returns of this item ended on 8 Jun 2026',
      code: 'return_window_ended',
      ended_at: '2026-06-08T08:00:00.000Z',
    });
    expect(whyNotAsk('warranty', windows, new Date('2026-07-02T08:00:00.000Z'))).toEqual({
      message: 'The warranty ended on 1 Jul 2026',
      code: 'warranty_ended',
      ended_at: '2026-07-01T08:00:00.000Z',
    });
    const none = { return_until: null, warranty_until: null };
    expect(whyNotAsk('return', none, new Date(COMPLETED))?.message).toBe(NO_RETURNS);
    expect(whyNotAsk('warranty', none, new Date(COMPLETED))?.message).toBe(NO_WARRANTY);
  });
});
