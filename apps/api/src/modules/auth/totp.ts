import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// RFC 6238 TOTP as every authenticator app reads an otpauth:// URL by default: HMAC-SHA-1, 6 digits, 30 s.
// Written on node:crypto rather than a library (docs/decisions/0050): HOTP is one HMAC and a truncation.
export const STEP_SECONDS = 30;
const DIGITS = 6;
/** Steps accepted either side of now: a phone's clock a little off, or a code typed as it changed. */
const DRIFT_STEPS = 1;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how otpauth:// URLs and manual entry carry the secret. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** 160 random bits, the length RFC 4226 recommends for HMAC-SHA-1. */
export function newSecret(): Buffer {
  return randomBytes(20);
}

/** RFC 4226 HOTP: the code for one counter value. */
export function hotp(secret: Uint8Array, counter: number, digits = DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step a moment falls in. */
function stepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / STEP_SECONDS);
}

/** RFC 6238 TOTP: the code for a moment. */
export function totp(secret: Uint8Array, at: Date, digits = DIGITS): string {
  return hotp(secret, stepAt(at), digits);
}

/**
 * The time step whose code `code` is, within one step of `at`, and later than `usedStep` (the step of the
 * last code accepted: a code works once, so one seen over someone's shoulder cannot be replayed). Undefined
 * when it matches none; 'reused' when it matches only steps already used.
 */
export function matchStep(
  secret: Uint8Array,
  code: string,
  at: Date,
  usedStep: number | null,
): number | 'reused' | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const now = stepAt(at);
  let reused = false;
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    if (!timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code))) continue;
    if (usedStep !== null && step <= usedStep) reused = true;
    else return step;
  }
  return reused ? 'reused' : undefined;
}

/** The URL an authenticator app reads from the QR code (Key Uri Format, with the defaults spelled out). */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = { secret, issuer, algorithm: 'SHA1', digits: String(DIGITS), period: '30' };
  // RFC 3986 percent-encoding (a space is %20): URLSearchParams writes '+', which some authenticator apps show as
  // a plus in the issuer's name.
  const query = Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `otpauth://totp/${label}?${query}`;
}
