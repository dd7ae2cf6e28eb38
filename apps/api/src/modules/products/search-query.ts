import { SYNONYM_GROUPS } from './synonyms.js';
import { partsOf, queryWords, stemOf, wordsOf } from './terms.js';

/**
 * A parsed search (decision 0027). Every query word must match (AND); a word matches through any of its
 * readings (OR), a reading being a few terms that must all match (AND), a term being a few prefixes of
 * which one must start an indexed word (OR). "ps4" reads as ("ps" | "playstation" | "playstat") & "4".
 */
export type Term = string[];
export type Reading = Term[];
type QueryWord = { word: string; readings: Reading[] };
export type SearchQuery = QueryWord[];

/** Each entry's other names: single words join a term's prefixes, phrases become readings of their own. */
const synonyms = new Map<string, string[][]>();
for (const group of SYNONYM_GROUPS) {
  const entries = group.map((entry) => wordsOf(entry));
  for (const entry of entries) {
    if (entry.length !== 1) continue;
    const key = stemOf(entry[0]!);
    synonyms.set(key, [...(synonyms.get(key) ?? []), ...entries.filter((other) => other !== entry)]);
  }
}

/** A word's prefixes: as written and as stemmed (the index holds both), dropping one the other starts. */
export function prefixesOf(word: string): Term {
  const stem = stemOf(word);
  return word.startsWith(stem) ? [stem] : [word, stem];
}

function readingsOf(word: string): Reading[] {
  const parts = partsOf(word);
  const phrases: Reading[] = [];
  const terms = parts.map((part) => {
    const term = prefixesOf(part);
    for (const other of synonyms.get(stemOf(part)) ?? []) {
      if (other.length === 1) term.push(...prefixesOf(other[0]!));
      // A phrase stands for the whole word only when the word is that one part ("hp", not "hp15").
      else if (parts.length === 1) phrases.push(other.flatMap(partsOf).map(prefixesOf));
    }
    return [...new Set(term)];
  });
  return [terms, ...phrases];
}

/**
 * The search's words with their readings; empty when it has no letters or digits. A word also reads as one
 * with the word before it ("play station" finds PlayStation, "mac book" MacBook): the word before still
 * matches by itself, since it starts the joined one. Not where the joined word would be split again
 * ("ps 4": the index holds "ps" and "4" already).
 */
export function parseSearch(search: string): SearchQuery {
  const words = queryWords(search);
  return words.map((word, i) => {
    const readings = readingsOf(word);
    const joined = i > 0 ? `${words[i - 1]}${word}` : '';
    if (joined && partsOf(joined).length === 1) readings.push(...readingsOf(joined));
    return { word, readings };
  });
}

/** The same query with extra prefixes for some words' parts (typo corrections), keyed by the part. */
export function withCorrections(query: SearchQuery, corrections: ReadonlyMap<string, readonly string[]>): SearchQuery {
  if (corrections.size === 0) return query;
  return query.map(({ word, readings }) => {
    const [first, ...phrases] = readings;
    const parts = partsOf(word);
    const corrected = first!.map((term, i) => [...new Set([...term, ...(corrections.get(parts[i]!) ?? [])])]);
    return { word, readings: [corrected, ...phrases] };
  });
}
