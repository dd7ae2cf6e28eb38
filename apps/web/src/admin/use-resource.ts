import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, errorStatus, isAbortError } from './api';
import { notifyError } from './toasts';

interface Settled<T> {
  key: string;
  version: number;
  data: T | undefined;
  error: unknown;
}

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  /** True until the first answer for this key, and while a reload is on its way. */
  loading: boolean;
  reload: () => void;
  /** Change the loaded data in place (after a successful write), without a round trip. */
  update: (change: (data: T) => T) => void;
}

/**
 * Loads `key` (aborting the previous request when it changes) and keeps the last data while a reload
 * runs, so a table does not flash back to its skeleton after every action. Failures other than 401
 * (the session ends) and 403 (the screen shows the refusal) are also toasted top-center.
 */
export interface ResourceOptions {
  /** A fixed toast text for a failed load instead of the server's message (spec 8: 'Failed to fetch category'). */
  errorToast?: string;
  /** The screen says 'not found' itself (e.g. 'Seller not found.'), so a 404 is not toasted as well. */
  notFoundInline?: boolean;
}

export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>, defaultMessage: string, options: ResourceOptions = {}): Resource<T> {
  const { errorToast, notFoundInline = false } = options;
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const [version, setVersion] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, version, data, error: undefined });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        const status = errorStatus(error);
        const shownByScreen = status === 401 || status === 403 || (notFoundInline && status === 404);
        if (!shownByScreen) notifyError(errorToast ?? errorMessage(error, defaultMessage));
        setSettled((previous) => ({ key, version, data: previous?.key === key ? previous.data : undefined, error }));
      },
    );
    return () => controller.abort();
  }, [key, version, defaultMessage, errorToast, notFoundInline]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const update = useCallback((change: (data: T) => T) => {
    setSettled((previous) => (previous && previous.data !== undefined ? { ...previous, data: change(previous.data) } : previous));
  }, []);

  const sameKey = settled?.key === key;
  const loading = !sameKey || settled.version !== version;
  return {
    data: sameKey ? settled.data : undefined,
    error: loading ? undefined : settled?.error,
    loading,
    reload,
    update,
  };
}
