import { z } from 'zod';
import { WARRANTY_CATEGORY_KEYS } from './returns.js';

// The after-sale rules stated once (docs/decisions/0099): the server's RETURN_DAYS and DEFAULT_WARRANTY_DAYS, which
// the terms, the FAQ and the product page read from GET /v1/after-sale, and which category gets the default warranty.

/** GET /v1/after-sale: the return window and the default warranty, in days. */
export const afterSaleRulesSchema = z.object({
  return_days: z.number().int(),
  default_warranty_days: z.number().int(),
});
export type AfterSaleRules = z.infer<typeof afterSaleRulesSchema>;

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
