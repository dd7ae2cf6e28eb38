import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, languageOfCookie, type Language } from '@marketplace/shared';
import { TAGS_HEADER } from './catalogue-cache.js';
import { dependsOn } from './catalogue-tags.js';
import { wantsDataSaver } from './data-saver.js';
import { IN_PROCESS_HEADERS } from './in-process.js';
import { PAGE_VARY } from './page-form.js';

/** What apps/web/src/ssr/render.tsx exports. */
interface Renderer {
  configure(transport: typeof fetch): void;
  render(
    url: string,
    origin: string,
    signal: AbortSignal,
    options: { dataSaver: boolean; language: Language },
  ): Promise<RenderedPage & { status: number; complete: boolean }>;
  INITIAL_DATA_ID: string;
  /** The public entry pages (where a visitor lands from a search, a shared link or the home screen), each
   * with the source paths of the lazy chunks it hydrates with. */
  PAGE_MODULES: Record<string, readonly string[]>;
  /** The query parameters each page reads; the others change nothing and are dropped (older builds: none). */
  PAGE_PARAMS?: Record<string, readonly string[]>;
}

interface RenderedPage {
  head: string;
  body: string;
  data: unknown;
  /** The lazy pieces the page is made of: the browser loads their code before it hydrates (web main.tsx). */
  pieces?: readonly string[];
  /** Rendered for data saver: the browser hydrates it in that mode first (web lib/data-saver.ts). */
  dataSaver?: boolean;
}

type Manifest = Record<string, { file: string; imports?: string[] }>;
// A render past this answers with the plain app page (the browser renders it), so a slow one never holds a visitor.
const RENDER_MS = 2000;
// Renders are CPU work: beyond this many at once the plain page is sent, so a flood of uncached URLs
// (made-up product ids) cannot take the server's CPU from everything else.
const RENDERS_AT_ONCE = 4;

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** JSON inside <script>: no "</script>" or "<!--" can end or change the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The page's chunks and what they import, as addresses. */
function chunksOf(manifest: Manifest, modules: readonly string[]): string[] {
  const files = new Set<string>();
  const visit = (id: string) => {
    const chunk = manifest[id];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js')).map((file) => `/${file}`);
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
/** The web app's script that starts a rendered page's code once its pictures are in. */
export const START_AFTER_LOAD = 'src/start-after-load.ts';

/**
 * The template for a rendered page: its entry script and modulepreloads become the small start-after-load
 * script, which holds their addresses and the page's own chunks and loads them after the page's load event,
 * so on a slow link the pictures are not sharing the bandwidth with ~75 KB of code (docs/decisions/0016).
 * A build without that script keeps the template as it is.
 */
export function renderedTemplate(template: string, manifest: Manifest, modules: readonly string[]): string {
  const loader = manifest[START_AFTER_LOAD]?.file;
  const entry = ENTRY_SCRIPT.exec(template);
  if (!loader || !entry) return template;
  const preloads = new Set([...template.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? ''));
  for (const file of chunksOf(manifest, modules)) if (file !== entry[1]) preloads.add(file);
  const start = `<script type="module" crossorigin id="app-start" src="/${loader}" data-entry="${entry[1]}" data-preload="${[...preloads].join(' ')}"></script>`;
  return template.replace(MODULE_PRELOAD, '').replace(entry[0], start);
}

/** The web app's catalogue of each language but English (which needs none), compiled into a chunk. */
const CATALOGUE = (language: Language) => `src/i18n/locales/${language}.po`;

/**
 * The template in a language: its <html lang>, and the language's catalogue loaded with the page's code
 * (the browser hydrates in the language the page was rendered in, web i18n/choose.ts).
 */
export function inLanguage(template: string, manifest: Manifest, language: Language): string {
  const catalogue = manifest[CATALOGUE(language)]?.file;
  const html = template.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  return catalogue ? html.replace(/( data-preload="[^"]*)"/, `$1 /${catalogue}"`) : html;
}

export function fillTemplate(template: string, page: RenderedPage, dataId: string): string {
  let html = template;
  if (page.head.includes('<meta name="description"')) html = html.replace(/<meta name="description"[^>]*>/, '');
  // Right after the viewport (else the charset): the preloads of the page's pictures start before the
  // stylesheet, and pick from their srcset by the phone's width, not the 980 px a browser assumes before it
  // has read the viewport (which fetched every card picture twice). The page's <title> comes before the
  // template's, which stays as the fallback for a screen without one (React puts each screen's title before
  // it, as in pages rendered in the browser).
  const anchor = /<meta name="viewport"[^>]*>/i.test(html)
    ? /(<meta name="viewport"[^>]*>)/i
    : /(<meta charset="[^"]*"\s*\/?>)/i;
  html = html.replace(anchor, `$1${page.head}`);
  const pieces = page.pieces?.length ? ` data-pieces="${escapeAttribute(page.pieces.join(' '))}"` : '';
  const saver = page.dataSaver ? ' data-saver=""' : '';
  return html.replace(
    '<div id="root"></div>',
    `<div id="root"${pieces}${saver}>${page.body}</div><script type="application/json" id="${dataId}">${scriptJson(page.data)}</script>`,
  );
}

/**
 * What the answers a render used depend on, gathered by its signal (decision 0089): the page is as current as
 * they are. `everything`: one of them names nothing (not cached, or depends on all), or the render made no call
 * the transport could tie to it.
 */
interface PageTags {
  tags: Set<string>;
  everything: boolean;
  calls: number;
}

/**
 * The API answers the render's calls in-process, through the same routes (and catalogue cache) as browsers; marked
 * in-process, so the metrics do not count them as requests from the network.
 */
function transportOf(
  app: FastifyInstance,
  renders: WeakMap<AbortSignal, PageTags>,
  untied: { calls: number },
): typeof fetch {
  return async (input, init) => {
    const res = await app.inject({
      method: 'GET',
      url: String(input),
      headers: {
        accept: 'application/json',
        ...(init?.headers as Record<string, string>),
        [TAGS_HEADER]: '1',
        ...IN_PROCESS_HEADERS,
      },
    });
    const page = init?.signal ? renders.get(init.signal) : undefined;
    // A call without its render's signal could be any render's: every render meanwhile depends on everything.
    if (!page) untied.calls++;
    else {
      page.calls++;
      const tags = res.headers[TAGS_HEADER];
      if (typeof tags !== 'string' || tags === '*') page.everything = true;
      else for (const tag of tags.split(' ')) if (tag) page.tags.add(tag);
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? '') },
    });
  };
}

function withDeadline<T>(work: Promise<T>, ms: number, controller: AbortController): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`render took over ${ms} ms`));
    }, ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The entry pages arrive as HTML that already holds their first screen, with the data it was made from for
 * hydration and the page's title, description and Open Graph tags. Answers go through the catalogue cache
 * (`catalogueCache`): rendered once per catalogue version and URL, served pre-compressed with an ETag.
 * Without a server renderer in the build, or when a render fails, the plain app page is sent as before.
 */
export async function registerServerRendering(
  app: FastifyInstance,
  { root, publicUrl }: { root: string; publicUrl: string },
) {
  const entry = path.join(root, '..', 'dist-ssr', 'render.js');
  if (!fs.existsSync(entry)) return;
  const renderer = (await import(pathToFileURL(entry).href)) as Renderer;
  const renders = new WeakMap<AbortSignal, PageTags>();
  const untied = { calls: 0 };
  renderer.configure(transportOf(app, renders, untied));
  const template = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  let rendering = 0;

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    const language = languageOfCookie(request.headers.cookie);
    const routeTemplate = templates.get(`${language} ${request.routeOptions.url ?? ''}`) ?? template;
    reply.header('Cache-Control', 'no-cache').header('Vary', PAGE_VARY);
    if (rendering >= RENDERS_AT_ONCE) return plain(request, reply);
    rendering++;
    const controller = new AbortController();
    const used: PageTags = { tags: new Set(), everything: false, calls: 0 };
    renders.set(controller.signal, used);
    const untiedBefore = untied.calls;
    try {
      const dataSaver = wantsDataSaver(request.headers);
      const page = await withDeadline(
        renderer.render(pageUrl(request), publicUrl, controller.signal, { dataSaver, language }),
        RENDER_MS,
        controller,
      );
      // Some of its data failed to load (the browser will load it): right for this visitor, not for the next.
      if (!page.complete) keepOutOfCache(request);
      else if (!used.everything && used.calls > 0 && untied.calls === untiedBefore) dependsOn(request, ...used.tags);
      return reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .send(fillTemplate(routeTemplate, page, renderer.INITIAL_DATA_ID));
    } catch (error) {
      request.log.warn({ err: error }, 'server render failed; sending the plain app page');
      return plain(request, reply);
    } finally {
      rendering--;
    }
  }

  /** Not the page this catalogue version should have. */
  function keepOutOfCache(request: FastifyRequest) {
    request.catalogue = undefined;
  }

  function plain(request: FastifyRequest, reply: FastifyReply) {
    keepOutOfCache(request);
    return reply.sendFile('index.html');
  }

  const templates = new Map<string, string>();
  for (const [url, modules] of Object.entries(renderer.PAGE_MODULES)) {
    const rendered = renderedTemplate(template, manifest, modules);
    for (const language of LANGUAGES) templates.set(`${language} ${url}`, inLanguage(rendered, manifest, language));
    const params = renderer.PAGE_PARAMS?.[url];
    // Keyed by the parameters the page reads: `?pad=1`, `?pad=2`... render the same page and share its entry.
    app.get(url, { config: { catalogueCache: true, ...(params ? { pageParams: new Set(params) } : {}) } }, handler);
  }
}

/** The URL to render: without the parameters the page does not read, so its entry fits every spelling. */
function pageUrl(request: FastifyRequest): string {
  const declared = request.routeOptions.config.pageParams;
  const [path = '', query] = request.url.split('?', 2);
  if (!declared || query === undefined) return request.url;
  const params = new URLSearchParams(query);
  for (const name of new Set(params.keys())) if (!declared.has(name)) params.delete(name);
  const kept = params.toString();
  return kept ? `${path}?${kept}` : path;
}
