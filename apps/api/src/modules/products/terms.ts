import { stemmer } from 'stemmer';

// Search words (decision 0027). A product is indexed under each word of its name, category and description
// as written (lower-cased, accents folded) and as its stem ("phones" and "phone" both stem to "phone"), and
// a model code is split where letters meet digits ("ps4" -> "ps" and "4", "iphone12" -> "iphone" and "12").
// A query word goes through the same steps, so the two sides always agree, on both engines.
const WORD = /[\p{L}\p{N}]+/gu;
const MAX_TERM_LENGTH = 64;
/** At most 8 query words: each is one more list to intersect in the full-text index. */
const MAX_QUERY_WORDS = 8;

/** Lower-cased words with accents folded ("Café" -> "cafe"), as search compares them. */
export function wordsOf(text: string | null | undefined): string[] {
  const folded = (text ?? '').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return (folded.match(WORD) ?? []).map((w) => w.slice(0, MAX_TERM_LENGTH));
}

/**
 * A word cut where letters meet digits, when every run of letters is at least 2 long: "ps4" and "64gb"
 * split, "a14" or "4k" stay whole (a lone letter would match far too much).
 */
export function partsOf(word: string): string[] {
  const runs = word.match(/\p{L}+|\p{N}+/gu) ?? [word];
  if (runs.length < 2 || runs.some((r) => /\p{L}/u.test(r) && r.length < 2)) return [word];
  return runs;
}

/** The Porter stem of a word of letters; numbers and short words stay as they are. */
export function stemOf(word: string): string {
  return word.length < 3 || !/^[a-z]+$/.test(word) ? word : stemmer(word);
}

/** The indexed terms of some texts: each part as written and as stemmed, without repeats. */
export function termsOf(...texts: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const word of wordsOf(text)) {
      for (const part of partsOf(word)) out.add(part).add(stemOf(part));
    }
  }
  return [...out];
}

/** The words of a search, as written (folded), at most MAX_QUERY_WORDS of them. */
export function queryWords(search: string): string[] {
  return [...new Set(wordsOf(search))].slice(0, MAX_QUERY_WORDS);
}
