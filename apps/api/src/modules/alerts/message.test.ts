import { describe, expect, it } from 'vitest';
import { smsParts } from '../notifications/messages/index.js';
import { plain } from './message.js';

describe('a name or search as the alert SMS shows it', () => {
  it('is cut to its length with "...", which keeps the SMS in GSM-7', () => {
    const cut = plain('Samsung Galaxy A54 5G 8GB 256GB Graphite with charger', 40);
    expect(cut).toBe('Samsung Galaxy A54 5G 8GB 256GB Graph...');
    expect(cut).toHaveLength(40);
    expect(smsParts(cut).encoding).toBe('gsm7');
  });

  it('keeps a short one whole and drops what is not letters, digits or a little punctuation', () => {
    expect(plain('iPhone 12 <b>64GB</b>', 40)).toBe('iPhone 12 b 64GB /b');
  });
});
