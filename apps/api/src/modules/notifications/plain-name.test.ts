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
    // USSD codes a stranger would have our brand tell someone to dial (issue 35, decision 0087).
    ['Thoko dial *211# now', 'Thoko dial now'],
    ['Thoko *444*1*2#', 'Thoko'],
    ['Thoko #100#', 'Thoko'],
    // Look-alike characters are read as what they look like (NFKC) before anything is dropped.
    ['Thoko ＊２１１＃', 'Thoko'],
    ['Thoko ０８８８ ０００ １１１', 'Thoko'],
    ['Ｔｈｏｋｏ', 'Thoko'],
    ['Thoko ⁰⁸⁸⁸⁰⁰⁰¹¹¹', 'Thoko'],
    // Invisible characters cannot split a number so it slips through, nor turn the line around.
    ['Thoko 0888\u200b000\u200b111', 'Thoko'],
    ['Thoko \u202eenolesab', 'Thoko enolesab'],
  ])('%j becomes %j', (typed, plain) => {
    expect(plainName(typed)).toBe(plain);
  });
});
