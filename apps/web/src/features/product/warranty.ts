import type { I18n } from '@lingui/core';

/**
 * The shop's warranty as people say it, in the reader's language: '30-day', '6-month', '1-year shop
 * warranty' (under two months people count days, then whole months read better); 0 days is the shop
 * saying there is none. One message per unit and per one or many, so a language can say each its own way.
 */
export function warrantyShown(days: number, i18n: I18n): string {
  if (days <= 0) return i18n._('No shop warranty');
  if (days % 365 === 0) {
    const count = days / 365;
    return count === 1 ? i18n._('1-year shop warranty') : i18n._('{count}-year shop warranty', { count });
  }
  if (days >= 60 && days % 30 === 0) return i18n._('{count}-month shop warranty', { count: days / 30 });
  return days === 1 ? i18n._('1-day shop warranty') : i18n._('{count}-day shop warranty', { count: days });
}
