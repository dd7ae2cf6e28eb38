import { createRequire } from 'node:module';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// react-router's package exports point every condition at its development build; its production
// build drops the dev-only warnings, about half a kilobyte of the first screen's gzip budget.
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router/package.json')
  .replace(/package\.json$/, 'dist/production/index.mjs');

// The API server serves the built app and the API from one origin; in dev Vite forwards /api to it.
export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    // Report gzip sizes so the 90 KB first-screen budget stays visible on every build.
    reportCompressedSize: true,
    // Every browser that runs this app's JS supports modulepreload; the polyfill would cost first-screen bytes.
    modulePreload: { polyfill: false },
  },
}));
