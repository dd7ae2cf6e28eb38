import { describe, expect, it } from 'vitest';
import {
  CEIR_INVALID,
  deviceFields,
  deviceSchema,
  IMEI_CHECK_DIGIT,
  IMEI_LENGTH,
  imeiSchema,
  luhnValid,
  SAME_IMEI_TWICE,
  TOO_MANY_IMEIS,
} from './device.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('IMEI and CEIR check (decision 0057)', () => {
  it('applies the Luhn rule to the 15th digit', () => {
    expect(luhnValid('356938035643809')).toBe(true);
    expect(luhnValid('490154203237518')).toBe(true);
    expect(luhnValid('356938035643808')).toBe(false);
    expect(luhnValid('490154203237517')).toBe(false);
    // A swap of neighbouring digits, the usual typing slip, is caught.
    expect(luhnValid('536938035643809')).toBe(false);
  });

  it('takes an IMEI with the spaces or dashes staff type, and answers its digits', () => {
    expect(imeiSchema.parse('356938035643809')).toBe('356938035643809');
    expect(imeiSchema.parse('35-693803-564380-9')).toBe('356938035643809');
    expect(imeiSchema.parse(' 35 693803 564380 9 ')).toBe('356938035643809');
  });

  it('says what is wrong: the length, or the check digit', () => {
    for (const bad of ['', '35693803564380', '3569380356438091', '35693803564380X', 356938035643809])
      expect(messageOf(imeiSchema.safeParse(bad)), String(bad)).toBe(IMEI_LENGTH);
    expect(messageOf(imeiSchema.safeParse('356938035643808'))).toBe(IMEI_CHECK_DIGIT);
    expect(IMEI_CHECK_DIGIT).toBe("This IMEI's check digit is wrong: check it on the device (*#06#)");
  });

  it('takes 0 to 2 distinct IMEIs, blank fields dropped, and one of three CEIR results', () => {
    expect(deviceSchema.parse({ imeis: [], ceir: 'not_checked' })).toEqual({ imeis: [], ceir: 'not_checked' });
    expect(deviceSchema.parse({ imeis: ['356938035643809', ''], ceir: 'compliant' }).imeis).toEqual([
      '356938035643809',
    ]);
    const two = ['356938035643809', '490154203237518'];
    expect(deviceSchema.parse({ imeis: two, ceir: 'non_compliant' }).imeis).toEqual(two);
    expect(messageOf(deviceSchema.safeParse({ imeis: [...two, '356938035643809'], ceir: 'compliant' }))).toBe(
      TOO_MANY_IMEIS,
    );
    expect(
      messageOf(deviceSchema.safeParse({ imeis: ['356938035643809', '35 6938035643809'], ceir: 'compliant' })),
    ).toBe(SAME_IMEI_TWICE);
    expect(messageOf(deviceSchema.safeParse({ imeis: [], ceir: 'blacklisted' }))).toBe(CEIR_INVALID);
    expect(messageOf(deviceSchema.safeParse({ imeis: [], ceir: undefined }))).toBe(CEIR_INVALID);
  });

  it('reads the create form: comma-separated IMEIs, no CEIR as not checked', () => {
    expect(deviceFields.imeis.parse('356938035643809,490154203237518')).toEqual(['356938035643809', '490154203237518']);
    expect(deviceFields.imeis.parse(undefined)).toEqual([]);
    expect(deviceFields.imeis.parse(',')).toEqual([]);
    expect(deviceFields.ceir.parse(undefined)).toBe('not_checked');
    expect(deviceFields.ceir.parse('compliant')).toBe('compliant');
  });
});
