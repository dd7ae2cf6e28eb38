import { COMMON_PASSWORD } from '@marketplace/shared';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../plugins/errors.js';
import { refuseCommonPassword } from './common-passwords.js';

const refused = (password: string) => {
  try {
    refuseCommonPassword(password);
    return false;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).errors).toEqual({ password: COMMON_PASSWORD });
    return true;
  }
};

// docs/decisions/0042 and 0085: the breached list, and the same words dressed up with digits and symbols.
describe('common passwords', () => {
  it('refuses the list’s entries and its words with digits or symbols added, however spelled', () => {
    for (const password of [
      'password123',
      'Password1!',
      'P@ssw0rd2024',
      '2024password',
      'iloveyou12345',
      'Sunshine2024!',
      'qwertyuiop',
    ])
      expect(refused(password), password).toBe(true);
  });

  it('refuses the country, its towns and the product with digits or symbols added', () => {
    for (const password of [
      'malawi2024',
      'Malawi@2024',
      'M@lawi2024!',
      'lilongwe-2026',
      'Blantyre1234',
      'marketplace1',
    ])
      expect(refused(password), password).toBe(true);
  });

  it('accepts passphrases, also ones holding those words among others', () => {
    for (const password of [
      'correct horse battery',
      'chambo-on-lake-malawi',
      'kwacha-2026-banda',
      'Chisomo-mangoes-9-Zomba',
      'zomba-counter-2026',
      'malawi-demo-admin',
      'long-enough-password',
    ])
      expect(refused(password), password).toBe(false);
  });
});
