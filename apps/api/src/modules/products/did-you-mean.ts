import type { Db } from '../../db/database.js';
import type { ProductRecord } from './repository.js';
import type { SearchQuery } from './search-query.js';
import { wordsOf } from './terms.js';
import { isKnownPrefix } from './repository/search-words.js';
import { allowedEdits, MIN_TYPO_LENGTH, nearWords } from './typos.js';

/**
 * Edits a "Did you mean" may make: one more than the silent correction allows (typos.ts), since the buyer
 * chooses to follow it; words under five letters keep the one edit, as one more reaches too many words.
 */
function offeredEdits(length: number): number {
  return length < 5 ? allowedEdits(length) : allowedEdits(length) + 1;
}

/** The known word as the catalogue writes it ("playstat" -> "PlayStation"), from the product found with it. */
function asWritten(known: string, row: ProductRecord): string {
  for (const text of [row.name, row.category_name, row.description]) {
    for (const token of text?.match(/[\p{L}\p{N}]+/gu) ?? []) {
      const letters = token.match(/^\p{L}+/u)?.[0] ?? '';
      if (letters && wordsOf(letters)[0]?.startsWith(known)) return letters;
    }
  }
  return known;
}

/**
 * A search that found nothing, with each word the catalogue does not know replaced by its nearest known
 * word ("Did you mean PlayStation?", docs/product.md#search-without-dead-ends). Offered only when that
 * search finds something (`firstOf` runs it in the same category and filters): a suggestion is never
 * another dead end. Null when no word could be replaced.
 */
export async function didYouMean(
  db: Db,
  query: SearchQuery,
  firstOf: (search: string) => Promise<ProductRecord | undefined>,
): Promise<string | null> {
  const replaced = new Map<number, string>();
  for (const [i, { word }] of query.entries()) {
    if (word.length < MIN_TYPO_LENGTH || !/^\p{L}+$/u.test(word) || (await isKnownPrefix(db.kysely, word))) continue;
    const [near] = await nearWords(db.kysely, db.engine, word, offeredEdits(word.length));
    if (near) replaced.set(i, near);
  }
  if (replaced.size === 0) return null;
  const words = query.map(({ word }, i) => replaced.get(i) ?? word);
  const found = await firstOf(words.join(' '));
  if (!found) return null;
  return words.map((word, i) => (replaced.has(i) ? asWritten(word, found) : word)).join(' ');
}
