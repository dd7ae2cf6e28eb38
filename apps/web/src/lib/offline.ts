import { useSyncExternalStore } from 'react';
import { ApiError } from './api-client';

// Chromium, Firefox and Safari word a dynamic import() that got no answer differently; webpack-style
// loaders throw a ChunkLoadError.
const CHUNK_FAILED = /dynamically imported module|Importing a module script failed|ChunkLoadError/;

/** A screen's code did not arrive (a dropped 3G connection). */
export function isChunkError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILED.test(`${error.name} ${error.message}`);
}

/** Nothing answered: the phone says it has no network, a call got no answer, or a screen's code did not arrive. */
export function isOffline(error: unknown): boolean {
  return !navigator.onLine || (error instanceof ApiError && error.status === 0) || isChunkError(error);
}

function subscribe(listener: () => void) {
  addEventListener('online', listener);
  addEventListener('offline', listener);
  return () => {
    removeEventListener('online', listener);
    removeEventListener('offline', listener);
  };
}

/** Whether the phone says it has a network. Pages are rendered (and hydrated) as online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Hands the service worker (public/sw.js) the addresses this page loaded before the worker controlled it:
 * it copies the code, photos and answers among them from the browser's cache into its own (no second
 * download), so the very first visit already opens offline.
 */
export function offerPageToWorker(): void {
  void navigator.serviceWorker?.ready.then((registration) => {
    const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
    registration.active?.postMessage({ type: 'keep', urls });
  });
}
