import { describe, expect, it } from 'vitest';
import { plainName } from './plain-name.js';

describe('a typed name in our messages', () => {
  it.each([
    ['Thoko Phiri', 'Thoko Phiri'],
    ['  Chikondi\n\nBanda\r\n', 'Chikondi Banda'],
    ['Thoko http://evil.example/pay now', 'Thoko now'],
    ['Thoko www.evil.example', 'Thoko'],
    ['Thoko airtel-help.mw', 'Thoko'],
    ['Thoko call +265 888 000 111', 'Thoko call'],
    ['Thoko 0888-000-111', 'Thoko'],
    ['J. Banda', 'J. Banda'],
    ['Grace Mwale-Banda', 'Grace Mwale-Banda'],
    ['Zoë Nyirenda', 'Zoë Nyirenda'],
    ['x'.repeat(100), 'x'.repeat(60)],
  ])('%j becomes %j', (typed, plain) => {
    expect(plainName(typed)).toBe(plain);
  });
});
