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
