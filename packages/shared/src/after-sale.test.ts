import { describe, expect, it } from 'vitest';
import { isWarrantyCategory, warrantyDaysOf } from './after-sale.js';

describe('the default warranty', () => {
  it('covers phones, tablets and laptops by the words of the category name', () => {
    for (const name of ['SmartPhones', 'Phones', 'Laptops and Computers', 'Tablets', 'Laptop']) {
      expect(isWarrantyCategory(name), name).toBe(true);
    }
    for (const name of ['Headphones', 'Gaming Consoles', 'TVs and Soundbars', 'Other']) {
      expect(isWarrantyCategory(name), name).toBe(false);
    }
  });

  it("is the page's own when stated, none for an item For parts, else the default where the category has one", () => {
    const phone = { warranty_days: null, category_name: 'SmartPhones', condition: 'good' };
    expect(warrantyDaysOf(phone, 30)).toBe(30);
    expect(warrantyDaysOf({ ...phone, warranty_days: 90 }, 30)).toBe(90);
    expect(warrantyDaysOf({ ...phone, warranty_days: 0 }, 30)).toBe(0);
    expect(warrantyDaysOf({ ...phone, condition: 'for_parts' }, 30)).toBeNull();
    expect(warrantyDaysOf({ ...phone, category_name: 'Gaming Consoles' }, 30)).toBeNull();
    expect(warrantyDaysOf({ ...phone, category_name: null }, 30)).toBeNull();
  });
});
