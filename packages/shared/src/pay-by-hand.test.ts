import { describe, expect, it } from 'vitest';
import { NOT_AN_AIRTEL_NUMBER, payByHandSchema } from './pay-by-hand.js';

const problems = (body: unknown) =>
  payByHandSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('recording a payment by hand', () => {
  it('takes an Airtel Money number, normalised, or cash with its reference', () => {
    expect(payByHandSchema.parse({ method: 'airtel_money', mobile: '0991 555 444' })).toEqual({
      method: 'airtel_money',
      mobile: '+265991555444',
    });
    expect(payByHandSchema.parse({ method: 'cash', reference: ' R-1 ' })).toEqual({ method: 'cash', reference: 'R-1' });
  });

  it('refuses a TNM or fixed-line number for Airtel Money, and cash without a reference', () => {
    expect(problems({ method: 'airtel_money', mobile: '0881234567' })).toEqual([['mobile', NOT_AN_AIRTEL_NUMBER]]);
    expect(problems({ method: 'airtel_money', mobile: '01123456' })).toEqual([
      ['mobile', 'Enter a Malawi phone number: +265 or 0 followed by 9 digits'],
    ]);
    expect(problems({ method: 'cash', reference: '  ' })).toEqual([
      ['reference', 'Enter the receipt number or reference'],
    ]);
    expect(problems({ method: 'tnm_mpamba' })).toEqual([['method', 'Choose how it was paid']]);
  });
});
