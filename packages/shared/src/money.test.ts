import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, formatSignedMoney, priceDigits } from './money.js';

describe('money', () => {
  it.each([
    [12000, 'MWK 12,000'],
    ['12,000', 'MWK 12,000'],
    ['MWK 1,250,000.00', 'MWK 125,000,000'],
    [undefined, 'MWK 0'],
    [null, 'MWK 0'],
    ['', 'MWK 0'],
    ['abc', 'MWK 0'],
    [0, 'MWK 0'],
  ])('shows %j as %s', (price, text) => expect(formatMoney(price)).toBe(text));

  it('strips non-digits and leading zeros', () => {
    expect(priceDigits('00450')).toBe('450');
    expect(formatAmount('1 000 000')).toBe('1,000,000');
  });

  it('keeps the sign of a figure below 0', () => {
    expect(formatSignedMoney(-20_000)).toBe('−MWK 20,000');
    expect(formatSignedMoney(485_000)).toBe('MWK 485,000');
    expect(formatSignedMoney(0)).toBe('MWK 0');
  });
});
