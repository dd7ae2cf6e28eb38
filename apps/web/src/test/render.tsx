import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { I18n } from '@lingui/core';
import { MemoryRouter } from '../lib/router';
import { LanguageProvider } from '../i18n/context';
import { compileEnglish } from '../i18n/english';
import { createI18n } from '../i18n/i18n';

/** Renders inside a router, as every screen and card is in the app. */
export function renderWithRouter(ui: ReactElement, path = '/') {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

/**
 * A Chichewa translator holding just `messages` (English id -> translation), compiled like the catalogue's
 * placeholders: a test states the translations it reads, so it does not break when a translator rewords one.
 */
export function chichewa(messages: Record<string, string>): I18n {
  return createI18n('ny', Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileEnglish(text)])));
}

/** renderWithRouter, in Chichewa with these translations. */
export function renderInChichewa(ui: ReactElement, messages: Record<string, string>, path = '/') {
  return renderWithRouter(<LanguageProvider i18n={chichewa(messages)}>{ui}</LanguageProvider>, path);
}
