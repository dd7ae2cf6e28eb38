import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import { warrantyShown } from './warranty';

describe('warrantyShown', () => {
  it('reads a warranty as people say it', () => {
    const english = createI18n('en');
    const said = (days: number) => warrantyShown(days, english);
    expect(said(0)).toBe('No shop warranty');
    expect(said(-1)).toBe('No shop warranty');
    expect(said(1)).toBe('1-day shop warranty');
    expect(said(30)).toBe('30-day shop warranty');
    expect(said(45)).toBe('45-day shop warranty');
    expect(said(90)).toBe('3-month shop warranty');
    expect(said(180)).toBe('6-month shop warranty');
    expect(said(100)).toBe('100-day shop warranty');
    expect(said(365)).toBe('1-year shop warranty');
    expect(said(730)).toBe('2-year shop warranty');
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
