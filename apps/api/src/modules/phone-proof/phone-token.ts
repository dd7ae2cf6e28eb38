import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a proved phone needs no new code. */
const PHONE_TOKEN_DAYS = 30;

function signature(key: string, payload: string): string {
  return createHmac('sha256', key).update(`phone-token:${payload}`).digest('base64url');
}

/**
 * '265999123456.1767225600.<HMAC>': the phone and the second it stops counting, signed with the server key.
 * Stateless, so a returning buyer's proof costs no table; changing the key (LINK_SECRET) ends every one.
 */
export function signPhoneToken(key: string, phone: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + PHONE_TOKEN_DAYS * 86_400;
  const payload = `${phone.replace(/^\+/, '')}.${expires}`;
  return `${payload}.${signature(key, payload)}`;
}

/** True when `token` proves `phone` (normalised +265...) at `now`. */
export function provesPhone(key: string, token: string, phone: string, now: Date): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [digits, expires, sig] = parts as [string, string, string];
  if (`+${digits}` !== phone || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(key, `${digits}.${expires}`));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
