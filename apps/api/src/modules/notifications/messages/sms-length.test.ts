import { describe, expect, it } from 'vitest';
import { smsParts } from './sms-length.js';

describe('smsParts', () => {
  it('fits 160 GSM-7 characters in one part, and 306 in two (153 each)', () => {
    expect(smsParts('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, parts: 1 });
    expect(smsParts('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, parts: 2 });
    expect(smsParts('a'.repeat(306))).toEqual({ encoding: 'gsm7', units: 306, parts: 2 });
    expect(smsParts('a'.repeat(307))).toEqual({ encoding: 'gsm7', units: 307, parts: 3 });
  });

  it('counts an extension character as two septets', () => {
    expect(smsParts('€'.repeat(80))).toEqual({ encoding: 'gsm7', units: 160, parts: 1 });
    expect(smsParts(`${'a'.repeat(159)}[`)).toEqual({ encoding: 'gsm7', units: 161, parts: 2 });
    expect(smsParts('{}\\^~|\f')).toMatchObject({ units: 14 });
  });

  it('keeps the accented letters GSM-7 has, and the apostrophe Chichewa uses', () => {
    expect(smsParts("ndalama m'manja: É é ü Ñ £ ¥ § ¿ ¡ Δ @ _")).toMatchObject({ encoding: 'gsm7' });
  });

  it('sends a text with any other character as UCS-2: 70 in one part, 134 in two (67 each)', () => {
    expect(smsParts(`${'a'.repeat(69)}…`)).toEqual({ encoding: 'ucs2', units: 70, parts: 1 });
    expect(smsParts(`${'a'.repeat(70)}ŵ`)).toEqual({ encoding: 'ucs2', units: 71, parts: 2 });
    expect(smsParts(`${'a'.repeat(133)}’`)).toEqual({ encoding: 'ucs2', units: 134, parts: 2 });
    expect(smsParts(`${'a'.repeat(134)}’`)).toEqual({ encoding: 'ucs2', units: 135, parts: 3 });
  });

  it('counts an emoji as the two UTF-16 units it takes', () => {
    expect(smsParts('👍')).toEqual({ encoding: 'ucs2', units: 2, parts: 1 });
  });

  it('takes an empty text as one part', () => {
    expect(smsParts('')).toEqual({ encoding: 'gsm7', units: 0, parts: 1 });
  });
});
