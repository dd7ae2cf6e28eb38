import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';

// src/lib modules only the basket, checkout, orders, alerts, contact, info, product details and seller screens use stay out: they load with those screens;
// the upload and photo-shrinking code loads only when photos are picked or sent (docs/decisions/0054).
const NOT_SHELL =
  /[\\/]src[\\/]lib[\\/](placed-orders|basket-check|dates|seller-session|alerts-api|interest-api|phone-proofs|shops|after-sale|upload|photo-[\w-]+)\./;
const SHELL = [
  /node_modules[\\/](preact|@lingui[\\/]core)[\\/]/,
  // The translator every screen reads its texts through; a language's catalogue is a chunk of its own.
  /[\\/]src[\\/]i18n[\\/][\w-]+\.tsx?$/,
  /[\\/]src[\\/]lib[\\/]/,
  /[\\/]src[\\/]components[\\/](Product|Skeleton|Empty|CardBasket)/,
  /[\\/]packages[\\/]shared[\\/]src[\\/](constants|money|images|languages)\./,
];
// Vitest runs this config from the repository's root too: the catalogues' config is found by path.
const LINGUI_CONFIG = fileURLToPath(new URL('lingui.config.ts', import.meta.url));

/**
 * The app is written against React's API and runs on Preact's (preact/compat): ~10 kB of runtime instead of
 * ~68 kB, on the first screen of a phone on 3G (docs/decisions/0100). Libraries that import React
 * (react-query, react-hook-form, react-toastify, Testing Library) get the same runtime.
 */
export const REACT_ON_PREACT = [
  { find: /^react(?:-dom)?$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

const inShell = (id: string) => !NOT_SHELL.test(id) && SHELL.some((pattern) => pattern.test(id));

// The API server serves the built app and the API from one origin; in dev Vite forwards /api to it.
export default defineConfig(({ command, isSsrBuild }) => ({
  // A build stops on a text the code shows that a catalogue does not translate (docs/decisions/0032).
  plugins: [
    tailwindcss(),
    lingui({ configPath: LINGUI_CONFIG, failOnMissing: command === 'build', failOnCompileError: true }),
  ],
  resolve: { alias: REACT_ON_PREACT },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  // The server renderer (src/ssr/render.tsx -> dist-ssr/) is one self-contained file: the API server
  // loads it without resolving the web app's packages.
  ssr: { noExternal: true },
  build: {
    // Report gzip sizes so the 90 KB first-screen budget stays visible on every build.
    reportCompressedSize: true,
    copyPublicDir: !isSsrBuild,
    // The server reads it to preload a rendered page's own chunks with its HTML (apps/api server-render.ts).
    manifest: !isSsrBuild,
    // Every browser that runs this app's JS supports modulepreload; the polyfill would cost first-screen bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The small script a server-rendered page starts its code with (src/start-after-load.ts).
      ...(isSsrBuild ? {} : { input: { index: 'index.html', 'start-after-load': 'src/start-after-load.ts' } }),
      output: {
        // One "shell" chunk for what every browse screen needs (Preact, src/lib with the router, the product
        // card family, shared constants): 3-4 requests before a screen instead of 6-8 tiny chunks, which
        // matters more on 3G than the few hundred bytes the info pages carry unused.
        ...(isSsrBuild ? {} : { codeSplitting: { groups: [{ name: 'shell', test: inShell }] } }),
      },
    },
  },
}));
