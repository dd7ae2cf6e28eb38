import type { I18n } from '@lingui/core';

/** The shop's name in one place (docs/product.md#overview). */
export const BRAND = 'Marketplace Malawi';

/**
 * A screen's document title. Pages render it as <Title> (lib/head.tsx), which puts it in <head>. `title`
 * comes already in the reader's language (i18n._ or a product's name); without one it is the shop's own
 * title, in the language of `i18n` (English without it).
 */
export function pageTitle(title?: string | null, i18n?: I18n): string {
  if (title) return `${title} | ${BRAND}`;
  return i18n ? i18n._('{brand}: second-hand electronics', { brand: BRAND }) : `${BRAND}: second-hand electronics`;
}
