// Search words: lower-cased words of name, description and category name. A query matches when each of
// its words is the prefix of some word of the product, so 'sams gal' finds 'Samsung Galaxy'. The same
// words feed both engines' full-text indexes (search.ts), so SQLite and PostgreSQL match alike.
const WORD = /[\p{L}\p{N}]+/gu;
const MAX_TERM_LENGTH = 64;

export function termsOf(...texts: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const word of (text ?? '').toLowerCase().match(WORD) ?? []) out.add(word.slice(0, MAX_TERM_LENGTH));
  }
  return [...out];
}

/** At most 8 query words: each is one more list to intersect in the full-text index. */
export function queryTerms(search: string): string[] {
  return termsOf(search).slice(0, 8);
}
