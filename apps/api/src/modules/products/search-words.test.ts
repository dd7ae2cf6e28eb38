import { describe, expect, it } from 'vitest';
import { parseSearch, prefixesOf, withCorrections } from './search-query.js';
import { partsOf, queryWords, stemOf, termsOf, wordsOf } from './terms.js';
import { allowedEdits, editDistance } from './typos.js';

describe('search words', () => {
  it('folds case and accents and splits on anything not a letter or digit', () => {
    expect(wordsOf('Café-Crème 55" TV, ÉLITEBOOK')).toEqual(['cafe', 'creme', '55', 'tv', 'elitebook']);
    expect(wordsOf(null)).toEqual([]);
    expect(wordsOf('x'.repeat(100))[0]).toHaveLength(64);
  });

  it('splits model codes where letters meet digits, unless a lone letter would be left', () => {
    expect(partsOf('ps4')).toEqual(['ps', '4']);
    expect(partsOf('iphone12')).toEqual(['iphone', '12']);
    expect(partsOf('64gb')).toEqual(['64', 'gb']);
    expect(partsOf('a14')).toEqual(['a14']);
    expect(partsOf('4k')).toEqual(['4k']);
    expect(partsOf('samsung')).toEqual(['samsung']);
  });

  it('stems words of letters only', () => {
    expect(stemOf('phones')).toBe('phone');
    expect(stemOf('batteries')).toBe(stemOf('battery'));
    expect(stemOf('tvs')).toBe('tv');
    expect(stemOf('500')).toBe('500');
    expect(stemOf('ps')).toBe('ps');
  });

  it('indexes each part as written and as stemmed, once', () => {
    expect(termsOf('Galaxy phones', 'PS4 phones')).toEqual(['galaxy', 'galaxi', 'phones', 'phone', 'ps', '4']);
  });

  it('keeps at most 8 distinct query words', () => {
    expect(queryWords('a b c d e f g h i j a')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });
});

describe('search readings', () => {
  it('drops a prefix that the other starts', () => {
    expect(prefixesOf('phones')).toEqual(['phone']);
    expect(prefixesOf('galaxy')).toEqual(['galaxy', 'galaxi']);
  });

  it('reads a code as its parts and a synonym as another prefix', () => {
    const [ps4] = parseSearch('ps4');
    expect(ps4!.readings[0]).toEqual([['ps', 'playstat'], ['4']]);
    const [tv] = parseSearch('TVs');
    expect(tv!.readings[0]![0]).toEqual(['tv', 'televis', 'tivi', 'televizioni']);
  });

  it('reads a word with a phrase synonym as that phrase too, all of its words', () => {
    const [hp] = parseSearch('hp');
    expect(hp!.readings).toEqual([[['hp']], [['hewlett'], ['packard']]]);
  });

  it('reads a word joined to the word before it too, unless the index would split it again', () => {
    const [play, station] = parseSearch('play station');
    expect(play!.readings).toEqual([[['play', 'plai']]]);
    expect(station!.readings).toEqual([[['station']], [['playstat', 'ps']]]);
    const [, four] = parseSearch('ps 4');
    expect(four!.readings).toEqual([[['4']]]);
  });

  it('adds corrections to the part they correct', () => {
    const corrected = withCorrections(parseSearch('samsnug 4'), new Map([['samsnug', ['samsung']]]));
    expect(corrected.map((w) => w.readings[0])).toEqual([[['samsnug', 'samsung']], [['4']]]);
  });
});

describe('typo distance', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('samsnug', 'samsung', 2)).toBe(1);
    expect(editDistance('latitdue', 'latitude', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
  });

  it('stops past the allowed edits', () => {
    expect(editDistance('xylophone', 'phone', 2)).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 1)).toBe(2);
  });

  it('allows one edit, two from eight letters', () => {
    expect(allowedEdits(4)).toBe(1);
    expect(allowedEdits(7)).toBe(1);
    expect(allowedEdits(8)).toBe(2);
  });
});
