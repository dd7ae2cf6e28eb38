import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { AppRoutes } from './app/AppRoutes';
import { INITIAL_DATA_ID } from './lib/initial-data';
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
// The entry pages arrive rendered by the server (ssr/render.tsx): take over that HTML instead of redrawing it.
if (root.firstElementChild && document.getElementById(INITIAL_DATA_ID)) hydrateRoot(root, app);
else createRoot(root).render(app);

// Returning visitors open the entry pages from this phone's copy (public/sw.js). Not in development,
// where a kept page would hide the change being made.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}
