import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LanguageProvider, useI18n } from './context';
import { createI18n, loadCatalogue } from './i18n';
import { chooseLanguage, chosenLanguage } from './choose';
import { translateKnown } from './labels';
import { Rich } from './Rich';

function Greeting({ name }: { name: string }) {
  const i18n = useI18n();
  return <p>{i18n._('© {year} {brand}. All rights reserved.', { year: 2026, brand: name })}</p>;
}

describe('translations', () => {
  it('are English outside a provider, placeholders filled, without any catalogue', () => {
    render(<Greeting name="Marketplace Malawi" />);
    expect(screen.getByText('© 2026 Marketplace Malawi. All rights reserved.')).toBeInTheDocument();
  });

  it('come from the Chichewa catalogue, and every screen follows a switch without a reload', async () => {
    const i18n = createI18n('en');
    render(
      <LanguageProvider i18n={i18n}>
        <Greeting name="Marketplace Malawi" />
      </LanguageProvider>,
    );
    await act(() => chooseLanguage(i18n, 'ny'));
    expect(screen.getByText('© 2026 Marketplace Malawi. Ufulu wonse ndi wotetezedwa.')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ny');
    expect(document.cookie).toContain('lang=ny');
    expect(chosenLanguage()).toBe('ny');
    await act(() => chooseLanguage(i18n, 'en'));
    expect(screen.getByText('© 2026 Marketplace Malawi. All rights reserved.')).toBeInTheDocument();
    expect(chosenLanguage()).toBe('en');
  });

  it('a text from outside the code is translated only when the catalogue knows it, never read as a message', async () => {
    const ny = createI18n('ny', await loadCatalogue('ny'));
    expect(translateKnown(ny, 'SmartPhones')).toBe("Mafoni a m'manja");
    expect(translateKnown(ny, 'Galaxy {S9} phone')).toBe('Galaxy {S9} phone');
    expect(translateKnown(createI18n('en'), 'SmartPhones')).toBe('SmartPhones');
  });
});

describe('Rich', () => {
  it('draws the numbered parts of a sentence where the translation puts them', () => {
    render(
      <p data-testid="rich">
        <Rich
          text="Soma <1>zachinsinsi</1> ndi <0>malamulo</0>."
          parts={[(t) => <a href="/terms">{t}</a>, (t) => <a href="/privacy">{t}</a>]}
        />
      </p>,
    );
    expect(screen.getByTestId('rich')).toHaveTextContent('Soma zachinsinsi ndi malamulo.');
    expect(screen.getByRole('link', { name: 'zachinsinsi' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'malamulo' })).toHaveAttribute('href', '/terms');
  });
});
