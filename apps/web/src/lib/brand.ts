/** The shop's name in one place (the spec does not name it). */
export const BRAND = 'Marketplace Malawi';

/** A screen's document title. Pages render it as React 19 <title>, which React hoists into <head>. */
export function pageTitle(title?: string | null): string {
  return title ? `${title} | ${BRAND}` : `${BRAND}: second-hand electronics`;
}
