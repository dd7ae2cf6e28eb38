import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { AppRoutes } from './app/AppRoutes';
import { INITIAL_DATA_ID } from './lib/initial-data';
import { loadPieces } from './lib/lazy-page';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);
// The entry pages arrive rendered by the server (ssr/render.tsx): take over that HTML instead of redrawing
// it, once the code of every piece it is made of is here, so the whole page is taken over at once.
if (root.firstElementChild && document.getElementById(INITIAL_DATA_ID)) {
  void loadPieces(root.dataset.pieces?.split(' ') ?? []).then(() => hydrateRoot(root, app));
} else createRoot(root).render(app);

// Returning visitors open the entry pages from this phone's copy (public/sw.js). Not in development,
// where a kept page would hide the change being made.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  // A rendered page starts this code after its load event (start-after-load.ts).
  if (document.readyState === 'complete') register();
  else addEventListener('load', register);
}
