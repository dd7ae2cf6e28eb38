import { readStorage, writeStorage } from './storage';

export const VISITOR_ID_KEY = 'visitor-id';
/** What the interest endpoint accepts: 16 to 64 of [A-Za-z0-9_-]. */
const VALID = /^[A-Za-z0-9_-]{16,64}$/;

function newVisitorId(): string {
  // getRandomValues works outside secure contexts too (randomUUID does not), e.g. a phone on a LAN address.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The anonymous id this browser counts as one watcher; made once and kept. */
export function visitorId(): string {
  const stored = readStorage(VISITOR_ID_KEY);
  if (stored && VALID.test(stored)) return stored;
  const id = newVisitorId();
  writeStorage(VISITOR_ID_KEY, id);
  return id;
}
