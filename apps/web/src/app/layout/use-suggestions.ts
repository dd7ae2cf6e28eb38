import type { Suggestions } from '@marketplace/shared';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-client';

export type Suggestion = Suggestions['suggestions'][number];

/** Wait this long after the last key before asking: one call per pause, not per letter (costly data). */
const DEBOUNCE_MS = 250;
const MIN_LENGTH = 2;
/** Answers already fetched this visit, by query: typing back over a word asks nothing again. */
const cache = new Map<string, Suggestion[]>();

const keyOf = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Names to offer under the search box for `text`. While a new answer is on its way the previous one stays
 * (no flicker as each letter is typed). Suggestions are a help: a failed call just offers none.
 */
export function useSuggestions(text: string): Suggestion[] {
  const key = keyOf(text);
  const [latest, setLatest] = useState<Suggestion[]>([]);
  const cached = cache.get(key);

  useEffect(() => {
    if (key.length < MIN_LENGTH || cache.has(key)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiRequest<Suggestions>(`/v1/products/suggestions?q=${encodeURIComponent(key)}`, {
        defaultMessage: 'Failed to fetch suggestions',
        signal: controller.signal,
      }).then(
        ({ suggestions }) => {
          cache.set(key, suggestions);
          setLatest(suggestions);
        },
        () => setLatest([]),
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  if (key.length < MIN_LENGTH) return [];
  return cached ?? latest;
}

/** Forgets fetched answers (tests start afresh). */
export function clearSuggestions(): void {
  cache.clear();
}
