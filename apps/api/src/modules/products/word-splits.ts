import type { Executor } from '../../db/database.js';
import { prefixesOf, type SearchQuery } from './search-query.js';
import { isKnownPrefix, knownWords } from './repository/search-words.js';

/** Shorter words are not split: "ipad" as "ip" + "ad" would be a guess, not a reading. */
const MIN_SPLIT_LENGTH = 6;
/** Each side of a split is a word of at least this many letters. */
const MIN_SIDE = 2;

/**
 * Words that are two known words written together ("macbookpro" -> "macbook" + "pro", "playstation" when
 * listings say "Play Station"): the left side a whole indexed word, the right one starting one, the
 * longest left side first. Asked, like typo corrections, only when the search as typed found nothing.
 */
export async function splitsOf(db: Executor, query: SearchQuery): Promise<Map<string, [string, string]>> {
  const out = new Map<string, [string, string]>();
  for (const { word } of query) {
    if (word.length < MIN_SPLIT_LENGTH || !/^\p{L}+$/u.test(word) || (await isKnownPrefix(db, word))) continue;
    const cuts = Array.from({ length: word.length - 2 * MIN_SIDE + 1 }, (_, i) => word.length - MIN_SIDE - i);
    const lefts = cuts.map((cut) => word.slice(0, cut));
    const known = await knownWords(db, lefts);
    for (const cut of cuts) {
      const [left, right] = [word.slice(0, cut), word.slice(cut)];
      if (known.has(left) && (await isKnownPrefix(db, right))) {
        out.set(word, [left, right]);
        break;
      }
    }
  }
  return out;
}

/** The query with each split word also read as its two sides, both of which must match. */
export function withSplits(query: SearchQuery, splits: ReadonlyMap<string, readonly [string, string]>): SearchQuery {
  if (splits.size === 0) return query;
  return query.map(({ word, readings }) => {
    const split = splits.get(word);
    return split ? { word, readings: [...readings, split.map(prefixesOf)] } : { word, readings };
  });
}
