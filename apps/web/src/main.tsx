import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { AppRoutes } from './app/AppRoutes';
import { INITIAL_DATA_ID } from './lib/initial-data';
import { loadPieces } from './lib/lazy-page';
import { chooseLanguage, chosenLanguage, startI18n } from './i18n/choose';
import { LanguageProvider } from './i18n/context';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The entry pages arrive rendered by the server (ssr/render.tsx): take over that HTML instead of redrawing
// it, once the code of every piece it is made of is here, so the whole page is taken over at once.
const rendered = Boolean(root.firstElementChild && document.getElementById(INITIAL_DATA_ID));
void startI18n(rendered).then(async (i18n) => {
  const app = (
    <StrictMode>
      <LanguageProvider i18n={i18n}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </LanguageProvider>
    </StrictMode>
  );
  if (rendered && i18n.locale === document.documentElement.lang) {
    await loadPieces(root.dataset.pieces?.split(' ') ?? []);
    hydrateRoot(root, app);
    // A copy kept from before the visitor switched language (public/sw.js) is hydrated as it is, then switched.
    if (chosenLanguage() !== i18n.locale) await chooseLanguage(i18n, chosenLanguage()).catch(() => undefined);
  } else {
    // Also a page rendered in a language whose catalogue could not be loaded: drawn afresh in English.
    document.documentElement.lang = i18n.locale;
    createRoot(root).render(app);
    // Drawn by its own code from the start, nothing to take over: already what a rendered page says once
    // hydrated (start-after-load.ts). A page the server gave up rendering (too slow) is drawn here too.
    document.documentElement.dataset.ready = '';
  }
});

// Returning visitors open the entry pages from this phone's copy (public/sw.js). Not in development,
// where a kept page would hide the change being made.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  // A rendered page starts this code after its load event (start-after-load.ts).
  if (document.readyState === 'complete') register();
  else addEventListener('load', register);
}
