import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets } from './mask.js';

describe('maskSecrets', () => {
  it('keeps a link’s address and plain words, masking tokens, queries and fragments', () => {
    expect(maskSecrets('Open https://marketplace.mw/order/AbC_12-xyzAbC_12-xyz1234.')).toBe(
      `Open https://marketplace.mw/order/${MASK}.`,
    );
    expect(maskSecrets('https://m.mw/account/confirm/tok3n?lang=ny#top')).toBe(
      `https://m.mw/account/confirm/${MASK}?${MASK}#${MASK}`,
    );
    expect(maskSecrets('https://m.mw/discover?q=samsung')).toBe(`https://m.mw/discover?${MASK}`);
  });

  it('masks six-digit codes and the given secrets, not order numbers, prices or phones', () => {
    expect(maskSecrets('Order MW-4K7Q2, MWK 450,000. Your code: 012345. Call +265999123456.')).toBe(
      `Order MW-4K7Q2, MWK 450,000. Your code: ${MASK}. Call +265999123456.`,
    );
    expect(maskSecrets('Tell 12-34-56 at the counter', ['12-34-56'])).toBe(`Tell ${MASK} at the counter`);
  });
});
