import { readStorage, writeStorage } from '../../lib/storage';

// The server's proofs of the buyer's phones (docs/decisions/0035): a returning buyer is not asked for a
// code again for 30 days. Kept per phone, so a shared phone's other buyer still proves their own number.
const KEY = 'phone-proofs';
const KEEP = 3;

type Proofs = Record<string, string>;

/** The token's own expiry (its second field, in seconds): an expired one is dropped unread by the server anyway. */
function live(token: string, now: number): boolean {
  const expires = Number(token.split('.')[1]);
  return Number.isFinite(expires) && expires * 1000 > now;
}

function read(now = Date.now()): Proofs {
  try {
    const parsed = JSON.parse(readStorage(KEY) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string' && live(e[1], now)),
    );
  } catch {
    return {};
  }
}

/** The kept proof of this (normalised) phone, if any. */
export function phoneTokenFor(phone: string): string | undefined {
  return read()[phone];
}

export function keepPhoneToken(phone: string, token: string): void {
  const others = Object.entries(read()).filter(([kept]) => kept !== phone);
  writeStorage(KEY, JSON.stringify(Object.fromEntries([...others.slice(-(KEEP - 1)), [phone, token]])));
}
