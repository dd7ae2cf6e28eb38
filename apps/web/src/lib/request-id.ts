import { readStorage, writeStorage } from './storage';

const SHAPE = /^[A-Za-z0-9_-]{32}$/;

/** 192 random bits as 32 url-safe characters: the shape the API's request_id takes. */
function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/**
 * The retry key of one submission, kept for the tab under `key` until the caller forgets it: sent again with
 * a retry after a lost answer, so the server answers with what the first attempt made instead of making it
 * twice (docs/decisions/0076). Without storage, a fresh key per call: retries are then not recognised.
 */
export function keptRequestId(key: string): string {
  const kept = readStorage(key, 'sessionStorage');
  if (kept && SHAPE.test(kept)) return kept;
  const id = newRequestId();
  writeStorage(key, id, 'sessionStorage');
  return id;
}

/** Once the submission is made (or refused for its id), the next one gets a key of its own. */
export function forgetRequestId(key: string): void {
  writeStorage(key, null, 'sessionStorage');
}
