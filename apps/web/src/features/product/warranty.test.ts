import { warrantyText } from '@marketplace/shared';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import { warrantyShown } from './warranty';

describe('warrantyShown', () => {
  it('says in English exactly what the shared warrantyText says', () => {
    const english = createI18n('en');
    for (let days = -1; days <= 3 * 365 + 1; days += 1) expect(warrantyShown(days, english)).toBe(warrantyText(days));
    expect(warrantyShown(3650, english)).toBe(warrantyText(3650));
  });

  it('uses the catalogue of the reader, one or many', () => {
    const ny = createI18n('ny', {
      '1-year shop warranty': ['Chitsimikizo cha shopu cha chaka 1'],
      '{count}-year shop warranty': ['Chitsimikizo cha shopu cha zaka ', ['count']],
      '{count}-month shop warranty': ['Chitsimikizo cha shopu cha miyezi ', ['count']],
    });
    expect(warrantyShown(365, ny)).toBe('Chitsimikizo cha shopu cha chaka 1');
    expect(warrantyShown(730, ny)).toBe('Chitsimikizo cha shopu cha zaka 2');
    expect(warrantyShown(180, ny)).toBe('Chitsimikizo cha shopu cha miyezi 6');
  });
});
