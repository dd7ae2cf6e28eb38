// Search terms: lower-cased words of name, description and category name. A query matches when each of
// its words is the prefix of some term of the product, so 'sams gal' finds 'Samsung Galaxy'.
const WORD = /[\p{L}\p{N}]+/gu;
export const MAX_TERM_LENGTH = 64;

export function termsOf(...texts: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const word of (text ?? '').toLowerCase().match(WORD) ?? []) out.add(word.slice(0, MAX_TERM_LENGTH));
  }
  return [...out];
}

/** At most 8 query words: each is one indexed range lookup. */
export function queryTerms(search: string): string[] {
  return termsOf(search).slice(0, 8);
}

/** Upper bound of the prefix range [word, word + '\uffff'): all strings that start with word. */
export function prefixEnd(word: string): string {
  return `${word}\uffff`;
}
