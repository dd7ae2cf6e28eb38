import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18n';
import type * as Translators from './i18n';

// A Chichewa reader on a connection that drops: the catalogue's chunk does not arrive.
vi.mock('./i18n', async (original) => ({
  ...(await original<typeof Translators>()),
  loadCatalogue: vi.fn(async (language: string) => {
    if (language === 'ny') throw new TypeError('Failed to fetch dynamically imported module');
    return {};
  }),
}));

const { chooseLanguage, startI18n } = await import('./choose');

// An English page to start from (the setup file clears what a test leaves, lang included).
beforeEach(() => {
  document.cookie = 'lang=; Path=/; Max-Age=0';
  document.documentElement.lang = 'en';
});

describe('without the Chichewa catalogue', () => {
  it('the shop starts in English instead of not starting', async () => {
    document.cookie = 'lang=ny; Path=/';
    expect((await startI18n(false)).locale).toBe('en');
    document.documentElement.lang = 'ny';
    expect((await startI18n(true)).locale).toBe('en');
  });

  it('a switch changes nothing and is not remembered', async () => {
    const i18n = createI18n('en');
    await expect(chooseLanguage(i18n, 'ny')).rejects.toThrow('Failed to fetch');
    expect(i18n.locale).toBe('en');
    expect(document.cookie).not.toContain('lang=ny');
    expect(document.documentElement.lang).toBe('en');
  });
});
