import { parseSearch, type SearchQuery, termsOf } from '../products/index.js';

/**
 * Whether an item name is comparable to a typed one, read the way the catalogue's search reads names
 * (decision 0027: folded words, stems, model codes split where letters meet digits, synonyms): every typed
 * word must match a word of the name. Unlike the search box, a part holding a digit must match a whole word:
 * "A5" is not "A54" and "12" is not "128", because a price belongs to one model, not to its prefix.
 */
export function comparableNames(typed: string): (name: string) => boolean {
  const query: SearchQuery = parseSearch(typed);
  return (name) => {
    if (query.length === 0) return false;
    const terms = termsOf(name);
    const has = (prefix: string) =>
      /\d/.test(prefix) ? terms.includes(prefix) : terms.some((term) => term.startsWith(prefix));
    return query.every(({ readings }) =>
      readings.some((reading) => reading.every((term) => term.some((prefix) => has(prefix)))),
    );
  };
}
