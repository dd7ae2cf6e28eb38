import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInChichewa, renderWithRouter } from '../../test/render';
import PO from '../../i18n/locales/ny.po?raw';
import { PrivacyPage } from './PrivacyPage';

// docs/decisions/0078: the page says what is kept, why and for how long, in both languages.
/** The Chichewa catalogue's translations of this page's messages (the ones PrivacyPage.tsx is the source of). */
function privacyTranslations(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of PO.split('\n\n')) {
    if (!entry.includes('#: src/features/info/PrivacyPage.tsx')) continue;
    const id = /^msgid "(.*)"$/m.exec(entry)?.[1];
    const str = /^msgstr "(.*)"$/m.exec(entry)?.[1];
    if (id !== undefined && str !== undefined) out[id.replace(/\\"/g, '"')] = str.replace(/\\"/g, '"');
  }
  return out;
}

describe('the privacy policy', () => {
  it('says what is kept, why, for how long, and how to see, copy or erase it', () => {
    renderWithRouter(<PrivacyPage />);
    const page = within(screen.getByRole('article'));
    for (const heading of ['What we keep', 'How we use it', 'How long we keep it', 'Your choices'])
      expect(page.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    expect(page.getByText(/erased 24 months after your order or your offer ended/)).toBeInTheDocument();
    expect(page.getByText(/to get a copy of them, or to have them erased sooner/)).toBeInTheDocument();
  });

  it('has every message in Chichewa', () => {
    const messages = privacyTranslations();
    expect(Object.keys(messages).length).toBeGreaterThanOrEqual(12);
    expect(Object.entries(messages).filter(([, ny]) => ny === '')).toEqual([]);
    renderInChichewa(<PrivacyPage />, messages);
    const page = within(screen.getByRole('article'));
    expect(page.getByRole('heading', { level: 2, name: 'Nthawi imene timazisunga' })).toBeInTheDocument();
    expect(page.getByText(/patatha miyezi 24/)).toBeInTheDocument();
  });
});
