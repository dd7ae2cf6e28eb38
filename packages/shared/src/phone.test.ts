import { describe, expect, it } from 'vitest';
import { malawiPhoneField } from './phone-field.js';
import { isMalawiMobile, MALAWI_PHONE_MESSAGE, normalizeMalawiPhone, whatsappLink } from './phone.js';

describe('Malawi phone numbers', () => {
  it.each([
    ['+265 999 123 456', '+265999123456'],
    ['0999123456', '+265999123456'],
    ['0 888 234 567', '+265888234567'],
    ['+265111234567', '+265111234567'],
  ])('accepts %s as %s', (input, out) => {
    expect(normalizeMalawiPhone(input)).toBe(out);
    expect(malawiPhoneField().parse(input)).toBe(out);
  });

  it.each(['', '999123456', '+26599912345', '+2659991234567', '0999-123-456', '+44 7700 900123', 'phone'])(
    'refuses %j',
    (input) => {
      const result = malawiPhoneField().safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(input === '' ? 'Phone number is required' : MALAWI_PHONE_MESSAGE);
    },
  );

  it('knows mobiles (WhatsApp) from landlines and builds wa.me links', () => {
    expect(isMalawiMobile('+265 999 123 456')).toBe(true);
    expect(isMalawiMobile('0881234567')).toBe(true);
    expect(isMalawiMobile('+265 111 234 567')).toBe(false);
    expect(isMalawiMobile(null)).toBe(false);
    expect(whatsappLink('0999 123 456', 'iPhone 12 http://x/product/2')).toBe(
      'https://wa.me/265999123456?text=iPhone%2012%20http%3A%2F%2Fx%2Fproduct%2F2',
    );
  });
});
