import { describe, expect, it } from 'vitest';
import { ledgerFee } from './settle.js';

// A gateway fee with tambala in a whole-kwacha ledger (decision 0079): nearest kwacha, half up, never silently.
describe('the ledger figure of a gateway fee', () => {
  it.each([
    [20, { amount: 20, note: null }],
    [0.75, { amount: 1, note: 'Gateway fee MWK 0.75, rounded to whole kwacha' }],
    [0.5, { amount: 1, note: 'Gateway fee MWK 0.5, rounded to whole kwacha' }],
    [1825.35, { amount: 1825, note: 'Gateway fee MWK 1,825.35, rounded to whole kwacha' }],
    [0.4, undefined],
    [0, undefined],
    [undefined, undefined],
  ])('%s kwacha is written as %j', (fee, expected) => {
    expect(ledgerFee(fee)).toEqual(expected);
  });
});
