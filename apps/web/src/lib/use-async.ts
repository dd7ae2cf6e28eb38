import { useEffect, useRef, useState } from 'react';
import { isAbortError } from './api-client';
import { entryState, useInitialData } from './initial-data';

export type AsyncState<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

type Settled<T> = { key: string; state: AsyncState<T> };

/**
 * Runs `load` whenever `key` changes and reports loading, success or error. The previous request is
 * aborted, so a slow answer for an old key can never overwrite the current one. A key the server already
 * loaded for the first screen starts settled (see initial-data.ts); it is used once, later visits load anew,
 * and a stale one (a page kept by the service worker) stays on screen until the fresh answer replaces it.
 */
export function useAsync<T>(key: string, load: (signal: AbortSignal) => Promise<T>): AsyncState<T> {
  const loadRef = useRef(load);
  const initial = useInitialData();
  const [settled, setSettled] = useState<Settled<T> | null>(() => {
    const entry = initial.entries.get(key);
    if (!entry) {
      initial.wanted?.set(key, load);
      return null;
    }
    return { key, state: entryState(entry) as AsyncState<T> };
  });

  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const kept = initial.entries.delete(key);
    if (kept && !initial.stale) return;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, state: { status: 'success', data } });
      },
      (error: unknown) => {
        // A kept page whose refresh fails (offline) goes on showing what it has.
        if (controller.signal.aborted || isAbortError(error) || kept) return;
        setSettled({ key, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key, initial]);

  // A result for another key is stale: until the new one arrives we are loading.
  return settled && settled.key === key ? settled.state : { status: 'loading' };
}
