import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What apps/web/src/ssr/render.tsx exports. */
interface Renderer {
  configure(transport: typeof fetch): void;
  render(url: string, origin: string, signal: AbortSignal): Promise<{ head: string; body: string; data: Record<string, unknown>; status: number; complete: boolean }>;
  INITIAL_DATA_ID: string;
  /** The public entry pages (where a visitor lands from a search, a shared link or the home screen), each
   * with the source paths of the lazy chunks it hydrates with. */
  PAGE_MODULES: Record<string, readonly string[]>;
}

type Manifest = Record<string, { file: string; imports?: string[] }>;
// A render past this answers with the plain app page (the browser renders it), so a slow one never holds a visitor.
const RENDER_MS = 2000;
// Renders are CPU work: beyond this many at once the plain page is sent, so a flood of uncached URLs
// (made-up product ids) cannot take the server's CPU from everything else.
const RENDERS_AT_ONCE = 4;

/** JSON inside <script>: no "</script>" or "<!--" can end or change the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** modulepreload links for the page's chunks and what they import, less what the template already loads. */
export function modulePreloads(manifest: Manifest, modules: readonly string[], template: string): string {
  const files = new Set<string>();
  const visit = (id: string) => {
    const chunk = manifest[id];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return [...files]
    .filter((file) => file.endsWith('.js') && !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

export function fillTemplate(template: string, page: { head: string; body: string; data: unknown }, dataId: string, preloads = ''): string {
  let html = template;
  if (preloads) html = html.replace('</head>', `${preloads}</head>`);
  if (page.head.includes('<meta name="description"')) html = html.replace(/<meta name="description"[^>]*>/, '');
  // Right after the charset: the preloads of the page's main picture start before the stylesheet, and the
  // page's <title> comes before the template's, which stays as the fallback for a screen without one (React
  // puts each screen's title before it, as in pages rendered in the browser).
  html = html.replace(/(<meta charset="[^"]*"\s*\/?>)/i, `$1${page.head}`);
  return html.replace('<div id="root"></div>', `<div id="root">${page.body}</div><script type="application/json" id="${dataId}">${scriptJson(page.data)}</script>`);
}

/** The API answers the render's calls in-process, through the same routes (and catalogue cache) as browsers. */
function transportOf(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const res = await app.inject({ method: 'GET', url: String(input), headers: { accept: 'application/json', ...(init?.headers as Record<string, string>) } });
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
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
export async function registerServerRendering(app: FastifyInstance, { root, publicUrl }: { root: string; publicUrl: string }) {
  const entry = path.join(root, '..', 'dist-ssr', 'render.js');
  if (!fs.existsSync(entry)) return;
  const renderer = (await import(pathToFileURL(entry).href)) as Renderer;
  renderer.configure(transportOf(app));
  const template = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  let rendering = 0;

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    const preloads = preloadsByRoute.get(request.routeOptions.url ?? '') ?? '';
    reply.header('Cache-Control', 'no-cache');
    if (rendering >= RENDERS_AT_ONCE) return plain(request, reply);
    rendering++;
    const controller = new AbortController();
    try {
      const page = await withDeadline(renderer.render(request.url, publicUrl, controller.signal), RENDER_MS, controller);
      // Some of its data failed to load (the browser will load it): right for this visitor, not for the next.
      if (!page.complete) keepOutOfCache(request);
      return reply.code(page.status).type('text/html; charset=utf-8').send(fillTemplate(template, page, renderer.INITIAL_DATA_ID, preloads));
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

  const preloadsByRoute = new Map(Object.entries(renderer.PAGE_MODULES).map(([url, modules]) => [url, modulePreloads(manifest, modules, template)]));
  for (const url of preloadsByRoute.keys()) app.get(url, { config: { catalogueCache: true } }, handler);
}
