// The server's entry (built by `vite build --ssr` into dist-ssr/, loaded by the API server): renders a
// public page to HTML with the data its first screen needs, for the browser to hydrate.
import { StrictMode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter } from '../lib/router';
import { AppRoutes } from '../app/AppRoutes';
import { ApiError, setTransport } from '../lib/api-client';
import { RenderedDataSaver } from '../lib/data-saver';
import { InitialDataContext, type InitialData, type InitialEntry } from '../lib/initial-data';
import { CollectedHead } from '../lib/head';
import { RenderedPieces } from '../lib/lazy-page';
import { LanguageProvider } from '../i18n/context';
import { createI18n, loadCatalogue } from '../i18n/i18n';
import { DEFAULT_LANGUAGE, type Language } from '@marketplace/shared';
import type { I18n } from '@lingui/core';

export { INITIAL_DATA_ID } from '../lib/initial-data';

/**
 * The lazy chunks each rendered page hydrates with, as source paths of the build's manifest: the server
 * preloads them with the HTML instead of the browser finding them only after the shell has run.
 */
export const PAGE_MODULES: Record<string, readonly string[]> = {
  '/': ['src/features/home/HomePage.tsx', 'src/app/layout/Footer.tsx'],
  '/discover': ['src/features/discover/DiscoverPage.tsx', 'src/app/layout/Footer.tsx'],
  '/product/:id': [
    'src/features/product/ProductPage.tsx',
    'src/features/product/components/ProductDetails.tsx',
    'src/app/layout/Footer.tsx',
  ],
};

/**
 * The query parameters each page reads (discover: features/discover); the server keys a page's cache entry by
 * these alone and renders without the rest, so made-up parameters never add entries.
 */
export const PAGE_PARAMS: Record<string, readonly string[]> = {
  '/': [],
  '/discover': ['category', 'search', 'min_price', 'max_price', 'town', 'condition', 'brand', 'storage', 'ram', 'sort'],
  '/product/:id': [],
};

export interface Rendered {
  /** <title>, <meta> and preload <link>s the page asked for, for the document's head. */
  head: string;
  /** The markup inside #root. */
  body: string;
  /** The first screen's data by useAsync key, for the browser's first render. */
  data: Record<string, InitialEntry>;
  /** 404 when the page's own data was not found (a missing product), else 200. */
  status: number;
  /** False when a load failed (a database hiccup): the page is fine to send but not to keep for others. */
  complete: boolean;
  /** The lazy pieces (lazy-page.ts) the page is made of: the browser loads their code before hydrating. */
  pieces: string[];
  /** Rendered for data saver: photos wait for a tap, nothing preloaded (the server marks #root with it). */
  dataSaver: boolean;
}

interface RenderOptions {
  /** The visitor's data-saver choice, from its cookie or the browser's Save-Data (apps/api plugins/data-saver.ts). */
  dataSaver?: boolean;
  /** The visitor's language, from its cookie (apps/api plugins/page-form.ts). */
  language?: Language;
}

// One translator per language, made on first use and never switched: renders of both run interleaved.
const translators = new Map<Language, Promise<I18n>>();
function translatorFor(language: Language): Promise<I18n> {
  let i18n = translators.get(language);
  if (!i18n) {
    i18n = loadCatalogue(language).then((messages) => createI18n(language, messages));
    translators.set(language, i18n);
  }
  return i18n;
}

// Data that needs other data (a product, then its related items) appears one render later: four passes cover
// every public page; anything left loads in the browser as before. A screen's code is waited for within a pass.
const PASSES = 4;

/** Calls made while rendering go to `transport`: the API server answers them in-process. */
export function configure(transport: typeof fetch): void {
  setTransport(transport);
}

/** One pass: the page at `url` with the data loaded so far (`initial`), the pieces it used and its head tags. */
async function renderOnce(
  url: string,
  { initial, pieces, dataSaver, i18n }: { initial: InitialData; pieces: Set<string>; dataSaver: boolean; i18n: I18n },
): Promise<{ head: string; body: string }> {
  const head: CollectedHead = { preloads: new Set(), tags: new Set() };
  const body = await renderToStringAsync(
    <StrictMode>
      <CollectedHead.Provider value={head}>
        <LanguageProvider i18n={i18n}>
          <InitialDataContext value={initial}>
            <RenderedDataSaver value={dataSaver}>
              <RenderedPieces value={pieces}>
                <StaticRouter location={url}>
                  <AppRoutes />
                </StaticRouter>
              </RenderedPieces>
            </RenderedDataSaver>
          </InitialDataContext>
        </LanguageProvider>
      </CollectedHead.Provider>
    </StrictMode>,
  );
  return { head: [...head.preloads, ...head.tags].join(''), body };
}

async function settle(
  key: string,
  load: (signal: AbortSignal) => Promise<unknown>,
  signal: AbortSignal,
): Promise<[string, InitialEntry] | null> {
  try {
    return [key, { data: await load(signal) }];
  } catch (error) {
    // A 4xx is the page's answer (Product not found); a failure is left for the browser to try again.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
      return [key, { error: { status: error.status, message: error.message } }];
    return null;
  }
}

export async function render(
  url: string,
  origin: string,
  signal: AbortSignal,
  { dataSaver = false, language = DEFAULT_LANGUAGE }: RenderOptions = {},
): Promise<Rendered> {
  const i18n = await translatorFor(language);
  const entries = new Map<string, InitialEntry>();
  const tried = new Set<string>();
  let complete = true;
  let page = { head: '', body: '' };
  let pieces = new Set<string>();
  for (let pass = 0; pass < PASSES; pass++) {
    const wanted = new Map<string, (signal: AbortSignal) => Promise<unknown>>();
    pieces = new Set<string>();
    page = await renderOnce(url, { initial: { entries, wanted, origin }, pieces, dataSaver, i18n });
    const fresh = [...wanted].filter(([key]) => !tried.has(key));
    if (fresh.length === 0 || pass === PASSES - 1 || signal.aborted) break;
    fresh.forEach(([key]) => tried.add(key));
    for (const settled of await Promise.all(fresh.map(([key, load]) => settle(key, load, signal)))) {
      if (settled) entries.set(...settled);
      else complete = false;
    }
  }
  const data = Object.fromEntries(entries);
  const status = [...entries.values()].some((entry) => 'error' in entry && entry.error.status === 404) ? 404 : 200;
  return { ...page, data, status, complete, pieces: [...pieces], dataSaver };
}
