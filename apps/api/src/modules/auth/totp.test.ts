import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchStep, otpauthUrl, STEP_SECONDS, totp } from './totp.js';

// The RFC 6238 appendix B key for SHA-1: the ASCII of "12345678901234567890".
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP', () => {
  it('gives the RFC 4226 appendix D HOTP values', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });

  it('gives the RFC 6238 appendix B SHA-1 values (8 digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(totp(RFC_KEY, new Date(seconds * 1000), 8)).toBe(code);
  });

  it('encodes base32 as RFC 4648 does, and back', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Encode(RFC_KEY)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv-gy3t qojq gezd gnbv gy3t qojq')).toEqual(RFC_KEY);
    expect(() => base32Decode('GEZ1')).toThrow();
  });

  it('accepts the code of the step before, now and after, each once', () => {
    const at = new Date(1_700_000_000_000);
    const step = (n: number) => new Date(at.getTime() + n * STEP_SECONDS * 1000);
    const now = totp(RFC_KEY, at);
    const current = matchStep(RFC_KEY, now, at, null);
    expect(typeof current).toBe('number');
    expect(matchStep(RFC_KEY, totp(RFC_KEY, step(-1)), at, null)).toBe(Number(current) - 1);
    expect(matchStep(RFC_KEY, totp(RFC_KEY, step(1)), at, null)).toBe(Number(current) + 1);
    expect(matchStep(RFC_KEY, totp(RFC_KEY, step(-2)), at, null)).toBeUndefined();
    expect(matchStep(RFC_KEY, totp(RFC_KEY, step(2)), at, null)).toBeUndefined();
    // Used once: refused within its window, and so is any earlier code.
    expect(matchStep(RFC_KEY, now, at, Number(current))).toBe('reused');
    expect(matchStep(RFC_KEY, totp(RFC_KEY, step(-1)), at, Number(current))).toBe('reused');
    expect(matchStep(RFC_KEY, totp(RFC_KEY, step(1)), at, Number(current))).toBe(Number(current) + 1);
    expect(matchStep(RFC_KEY, 'abcdef', at, null)).toBeUndefined();
  });

  it('writes the otpauth URL apps read', () => {
    expect(otpauthUrl('GEZDGNBV', 'ada@example.mw', 'Marketplace Malawi')).toBe(
      'otpauth://totp/Marketplace%20Malawi:ada%40example.mw?secret=GEZDGNBV&issuer=Marketplace%20Malawi&algorithm=SHA1&digits=6&period=30',
    );
  });
});
