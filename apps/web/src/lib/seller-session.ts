import { readStorage, writeStorage } from './storage';

// A seller's session (docs/decisions/0011), kept apart from the back-office's authToken: a seller logged in on the
// public side is not a staff session, and logging out of one leaves the other alone.
const KEY = 'sellerToken';

export function sellerToken(): string | null {
  return readStorage(KEY) || null;
}

export function setSellerToken(token: string | null): void {
  writeStorage(KEY, token);
}
