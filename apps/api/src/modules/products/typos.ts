import type { Engine, Executor } from '../../db/database.js';
import { candidateWords, isKnownPrefix } from './repository/search-words.js';
import { partsOf } from './terms.js';
import type { SearchQuery } from './search-query.js';

/** Words shorter than this are not corrected: at 3 letters one edit reaches too many other words. */
export const MIN_TYPO_LENGTH = 4;
/** Corrections kept per word, closest first. */
const MAX_CORRECTIONS = 4;

/** Edits allowed for a word of this length: one, two from eight letters on. */
export function allowedEdits(length: number): number {
  return length >= 8 ? 2 : 1;
}

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours, "samsnug" -> "samsung" is
 * one edit), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/** How far a typed word is from a known one, read whole or as the start of a longer word (still typing). */
function distanceTo(typed: string, known: string, max: number): number {
  const whole = editDistance(typed, known, max);
  return known.length > typed.length ? Math.min(whole, editDistance(typed, known.slice(0, typed.length), max)) : whole;
}

/** Known words close to `typed`, closest first: the edit distance decides among the vocabulary's candidates. */
export async function nearWords(
  db: Executor,
  engine: Engine,
  typed: string,
  max = allowedEdits(typed.length),
): Promise<string[]> {
  const candidates = await candidateWords(db, engine, typed, max);
  return (
    candidates
      .map(({ word }) => ({ word, distance: distanceTo(typed, word, max) }))
      .filter((c) => c.distance <= max && c.word !== typed)
      // Ties by length then spelling, so both engines choose the same words from their different reads.
      .sort((a, b) => a.distance - b.distance || a.word.length - b.word.length || (a.word < b.word ? -1 : 1))
      .slice(0, MAX_CORRECTIONS)
      .map((c) => c.word)
  );
}

/**
 * Corrections for the parts of a search that start no known word: long enough, letters only. Asked only
 * when the search as typed found nothing, so a correct search never pays for it.
 */
export async function correctionsOf(db: Executor, engine: Engine, query: SearchQuery): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const part of new Set(query.flatMap((w) => partsOf(w.word)))) {
    if (part.length < MIN_TYPO_LENGTH || !/^\p{L}+$/u.test(part) || (await isKnownPrefix(db, part))) continue;
    const near = await nearWords(db, engine, part);
    if (near.length > 0) out.set(part, near);
  }
  return out;
}
