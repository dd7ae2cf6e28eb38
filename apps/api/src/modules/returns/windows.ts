import { formatDate, isWarrantyCategory, type ConditionGrade, type ReturnKind } from '@marketplace/shared';

// The after-sale windows of an order item (docs/decisions/0099), from the settings RETURN_DAYS and
// DEFAULT_WARRANTY_DAYS: pure, so the order page, the buyer's ask and their tests read one rule.

/** config.afterSale: the return window, and the warranty of a phone, tablet or laptop whose page states none. */
export interface AfterSaleRules {
  returnDays: number;
  defaultWarrantyDays: number;
}

/** What of the sold item decides its warranty; all null when the product is gone. */
export interface WarrantyFacts {
  warranty_days: number | null;
  condition: ConditionGrade | null;
  /** The name keys of the item's category and of its parent category, when it has them. */
  category_keys: readonly (string | null)[];
}

export interface ItemWindows {
  /** Until when the item may be returned; null: never (RETURN_DAYS 0). */
  return_until: string | null;
  /** Until when the item is under the shop's warranty; null: it has none. */
  warranty_until: string | null;
}

const DAY_MS = 86_400_000;

/**
 * The item's warranty in days: its page's, else the default for phones, tablets and laptops (the category's words, as
 * the product page reads them: isWarrantyCategory); none for an item graded For parts, as the terms say.
 */
export function warrantyDays(item: WarrantyFacts, rules: AfterSaleRules): number {
  if (item.condition === 'for_parts') return 0;
  if (item.warranty_days !== null) return item.warranty_days;
  return item.category_keys.some((key) => key !== null && isWarrantyCategory(key)) ? rules.defaultWarrantyDays : 0;
}

const after = (from: string, days: number) =>
  days > 0 ? new Date(Date.parse(from) + days * DAY_MS).toISOString() : null;

export function windowsOf(completedAt: string, item: WarrantyFacts, rules: AfterSaleRules): ItemWindows {
  return {
    return_until: after(completedAt, rules.returnDays),
    warranty_until: after(completedAt, warrantyDays(item, rules)),
  };
}

const RETURN_WINDOW_ENDED = /*i18n*/ 'Returns of this item ended on {date}';
const WARRANTY_ENDED = /*i18n*/ 'The warranty ended on {date}';
export const NO_RETURNS = /*i18n*/ 'This item cannot be returned';
export const NO_WARRANTY = /*i18n*/ 'This item has no shop warranty';

/** Why an ask of `kind` is refused at `now`: the message (its date as the site writes dates) and the window's end. */
export interface WindowRefusal {
  message: string;
  code: 'return_window_ended' | 'warranty_ended';
  ended_at: string | null;
}

/** The buyer's kind is kept: a return only within its window, a warranty claim only within the warranty. */
export function whyNotAsk(kind: ReturnKind, windows: ItemWindows, now: Date): WindowRefusal | null {
  const until = kind === 'return' ? windows.return_until : windows.warranty_until;
  if (until !== null && now.getTime() <= Date.parse(until)) return null;
  const code = kind === 'return' ? 'return_window_ended' : 'warranty_ended';
  if (until === null) return { message: kind === 'return' ? NO_RETURNS : NO_WARRANTY, code, ended_at: null };
  const template = kind === 'return' ? RETURN_WINDOW_ENDED : WARRANTY_ENDED;
  return { message: template.replace('{date}', formatDate(until)), code, ended_at: until };
}
