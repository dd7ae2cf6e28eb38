import { useEffect, useRef, useState } from 'react';
import { isAbortError } from './api-client';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

type Settled<T> = { key: string; state: AsyncState<T> };

/**
 * Runs `load` whenever `key` changes and reports loading, success or error. The previous request is
 * aborted, so a slow answer for an old key can never overwrite the current one.
 */
export function useAsync<T>(key: string, load: (signal: AbortSignal) => Promise<T>): AsyncState<T> {
  const loadRef = useRef(load);
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, state: { status: 'success', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setSettled({ key, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key]);

  // A result for another key is stale: until the new one arrives we are loading.
  return settled && settled.key === key ? settled.state : { status: 'loading' };
}
