import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { formatDateTime, formatDay } from './dates';

// The screens' binding of the one formatter (docs/decisions/0067) to the translator's language.
describe('dates on the screens', () => {
  const late = '2026-11-26T23:30:00.000Z';

  it('writes the date in the translator’s language, in Malawi time (23:30 UTC is the next day there)', () => {
    expect(formatDateTime(late, createI18n('ny'))).toBe('Lachisanu, 27 Novembala 2026, 01:30');
    expect(formatDay(late, createI18n('ny'))).toBe('27 Novembala');
    expect(formatDateTime(late, createI18n('en'))).toBe('Fri, 27 Nov 2026, 1:30 am');
  });

  it('is English without a translator (the back-office)', () => {
    expect(formatDateTime(late)).toBe('Fri, 27 Nov 2026, 1:30 am');
    expect(formatDay(late)).toBe('27 Nov');
  });
});
