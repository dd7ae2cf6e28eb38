import { describe, expect, it } from 'vitest';
import { malawiPhoneField, optionalMalawiPhoneField } from './phone-field.js';
import { isMalawiMobile, MALAWI_PHONE_MESSAGE, normalizeMalawiPhone, whatsappLink } from './phone.js';
import { sellSubmissionSchema } from './seller-requests.js';

describe('Malawi phone numbers: one rule', () => {
  it.each([
    ['+265 999 123 456', '+265999123456'],
    ['0999123456', '+265999123456'],
    ['265888123456', '+265888123456'],
    ['265 888 123 456', '+265888123456'],
    ['0999-123-456', '+265999123456'],
    ['(0999) 123 456', '+265999123456'],
    ['+265 (99) 912-3456', '+265999123456'],
    ['0 888 234 567', '+265888234567'],
    ['0891234567', '+265891234567'],
    ['0981234567', '+265981234567'],
    ['0771234567', '+265771234567'],
    ['0311234567', '+265311234567'],
    ['+265111234567', '+265111234567'],
    ['01 770 123 45', '+265177012345'],
    ['0212345678', '+265212345678'],
  ])('accepts %j as %s', (input, out) => {
    expect(normalizeMalawiPhone(input)).toBe(out);
    expect(malawiPhoneField().parse(input)).toBe(out);
    expect(optionalMalawiPhoneField().parse(input)).toBe(out);
  });

  it.each([
    ['12', 'too short'],
    ['999123456', 'no prefix'],
    ['+26599912345', '8 digits'],
    ['+2659991234567', '10 digits'],
    ['0088812345', 'a 0 where the national number starts'],
    ['+265 088 812 345', 'a 0 after the country code'],
    ['0999 123 456 7', 'too long'],
    ['0550123456', '55 is not in the plan'],
    ['0901234567', '90 is not in the plan'],
    ['0871234567', '87 is not in the plan'],
    ['0221234567', '22 is not in the plan'],
    ['+44 7700 900123', 'a foreign number'],
    ['00265999123456', 'the international prefix'],
    ['+265.999.123.456', 'dots'],
    ['0999/123/456', 'slashes'],
    ['phone', 'letters'],
    ['+', 'a plus alone'],
  ])('refuses %j (%s)', (input) => {
    expect(normalizeMalawiPhone(input)).toBeNull();
    expect(malawiPhoneField().safeParse(input).error?.issues[0]?.message).toBe(MALAWI_PHONE_MESSAGE);
    expect(optionalMalawiPhoneField().safeParse(input).error?.issues[0]?.message).toBe(MALAWI_PHONE_MESSAGE);
  });

  it('says a missing number is required, and takes a form wording of its own', () => {
    expect(
      malawiPhoneField()
        .safeParse('  ')
        .error?.issues.map((i) => i.message),
    ).toEqual(['Phone number is required']);
    expect(malawiPhoneField('Phone number is required', 'Invalid phone number').safeParse('12').error?.issues).toEqual([
      expect.objectContaining({ message: 'Invalid phone number' }),
    ]);
    expect(optionalMalawiPhoneField().parse('')).toBeNull();
  });

  it('the /sell form keeps the spec wording and stores the number normalised', () => {
    const base = {
      item_name: 'iPhone 12',
      description: 'Good',
      price: '100',
      seller_name: 'Chikondi',
      email: 'c@example.com',
      location: 'Lilongwe',
    };
    expect(sellSubmissionSchema.parse({ ...base, phone: '0999-123-456' }).phone).toBe('+265999123456');
    expect(sellSubmissionSchema.safeParse({ ...base, phone: '12' }).error?.issues[0]?.message).toBe(
      'Invalid phone number',
    );
  });

  it('knows mobiles (WhatsApp) from landlines and builds wa.me links', () => {
    expect(isMalawiMobile('+265 999 123 456')).toBe(true);
    expect(isMalawiMobile('0881234567')).toBe(true);
    expect(isMalawiMobile('0891234567')).toBe(true);
    expect(isMalawiMobile('+265 111 234 567')).toBe(false);
    expect(isMalawiMobile('0212345678')).toBe(false);
    expect(isMalawiMobile(null)).toBe(false);
    expect(whatsappLink('0999 123 456', 'iPhone 12 http://x/product/2')).toBe(
      'https://wa.me/265999123456?text=iPhone%2012%20http%3A%2F%2Fx%2Fproduct%2F2',
    );
  });
});
