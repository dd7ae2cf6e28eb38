// The after-sale rules stated once (docs/decisions/0099): the server's RETURN_DAYS and DEFAULT_WARRANTY_DAYS, which
// the terms, the FAQ and the product page read from GET /v1/after-sale, and which category gets the default warranty.
// No zod here: the public pages import this (the answer's schema is after-sale-schema.ts).

/** Days after completion when a buyer may return an item not as described, unless RETURN_DAYS says otherwise. */
export const DEFAULT_RETURN_DAYS = 7;
/** The warranty of a phone, tablet or laptop whose page states none, unless DEFAULT_WARRANTY_DAYS says otherwise. */
export const DEFAULT_WARRANTY_DAYS = 30;
/** The categories (name keys) whose items get DEFAULT_WARRANTY_DAYS when their page states no warranty. */
export const WARRANTY_CATEGORY_KEYS = ['phones', 'tablets', 'laptops'] as const;

/** GET /v1/after-sale: the return window and the default warranty, in days. */
export interface AfterSaleRules {
  return_days: number;
  default_warranty_days: number;
}

/**
 * A phone, tablet or laptop category, by the words of its name: "SmartPhones", "Laptops and Computers", "Tablets".
 * Whole words only (a leading "smart" dropped), so "Headphones" is not a phone.
 */
export function isWarrantyCategory(categoryName: string): boolean {
  const words = categoryName.toLowerCase().split(/[^a-z]+/);
  return words.some((word) => {
    const bare = word.replace(/^smart/, '');
    return WARRANTY_CATEGORY_KEYS.some((key) => bare === key || bare === key.slice(0, -1));
  });
}

/** An item whose page states no warranty has the default one: a phone, tablet or laptop not graded For parts. */
export function takesDefaultWarranty(item: { category_name: string | null; condition: string | null }): boolean {
  return item.condition !== 'for_parts' && item.category_name !== null && isWarrantyCategory(item.category_name);
}

/** The warranty an item has, in days: the one its page states (0: none), else the default where it applies. */
export function warrantyDaysOf(
  item: { warranty_days: number | null; category_name: string | null; condition: string | null },
  defaultDays: number,
): number | null {
  if (item.warranty_days !== null) return item.warranty_days;
  return takesDefaultWarranty(item) ? defaultDays : null;
}
