// The storefront's service worker (docs/decisions/0016 and 0031).
// - A returning visitor's home, discover and product pages open from this phone's copy at once, with no
//   round trip before paint, while a fresh copy is fetched for next time. The copy is marked stale, so the
//   page refreshes its data right after it opens (src/lib/initial-data.ts).
// - Offline, the shop still opens: the pages, the app's code, the catalogue answers and the product photos
//   this visitor recently saw are kept (each kind bounded, oldest dropped first); any other page opens the
//   app's shell, whose screens show their offline states. Never the browser's error page.
const PAGES = 'pages-v1';
const SHELL = 'shell-v1';
const ASSETS = 'assets-v1';
const IMAGES = 'images-v1';
const ANSWERS = 'answers-v1';
const MAX_PAGES = 40;
// Two or three builds of the public screens' code.
const MAX_ASSETS = 100;
// About 30 product pages: a gallery photo, thumbnails and related cards each, at the sizes shown.
const MAX_IMAGES = 300;
const MAX_ANSWERS = 120;
const RENDERED = /^\/(?:|discover|product\/\d+)$/;
const DATA_SCRIPT = '<script type="application/json" id="initial-data">';
const SHELL_URL = '/index.html';
/** The page's own photos (and the home page's banners): immutable, so kept copies never go stale. */
const IMAGE = /^\/api\/images\//;
/** The public catalogue's answers (never an order, an account or the back-office). */
const ANSWER = /^\/api\/v1\/(?:products|categories|shops)(?:\/|$)/;
const ASSET = /^\/(?:assets\/|favicon\.svg$)/;
/** What Chromium asks for with an <img>: photos vary by Accept (AVIF where smaller), so copies must match. */
const IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
// This and LANGUAGE_COOKIE below are packages/shared cookies.ts's names (src/service-worker-cookies.test.ts).
const DATA_SAVER_COOKIE = 'data_saver';
const ROOT_FOR_DATA_SAVER = /<div id="root"[^>]*\sdata-saver=/;
// The language a page was rendered in, and the visitor's choice (docs/decisions/0032): English unless 'ny'.
const LANGUAGE_COOKIE = 'lang';
const HTML_LANG = /<html lang="([^"]*)"/;

/** Drops the oldest entries beyond `max` (a kept page put again counts as new). */
async function trim(cache, max) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((old) => cache.delete(old)));
}

async function put(name, max, key, response) {
  const cache = await caches.open(name);
  await cache.put(key, response);
  await trim(cache, max);
}

/** The shell answers offline for a page not kept; it is refreshed whenever the server's build changes. */
async function ensureShell(entry) {
  const shell = await caches.match(SHELL_URL, { cacheName: SHELL });
  if (shell && (!entry || (await shell.text()).includes(`src="${entry}"`))) return;
  const response = await fetch(SHELL_URL).catch(() => undefined);
  if (response?.ok) await put(SHELL, 1, SHELL_URL, response);
}

async function keep(request, response) {
  const text = await response.text();
  if (!text.includes(DATA_SCRIPT)) return;
  const html = text.replace(DATA_SCRIPT, '<script type="application/json" id="initial-data" data-stale="">');
  // The data-saver form it was rendered in, to tell it from the visitor's current choice.
  const headers = {
    'Content-Type': 'text/html; charset=utf-8',
    'X-Data-Saver': ROOT_FOR_DATA_SAVER.test(html) ? 'on' : 'off',
    'X-Language': HTML_LANG.exec(html)?.[1] === 'ny' ? 'ny' : 'en',
  };
  await put(PAGES, MAX_PAGES, request, new Response(html, { headers }));
  await ensureShell(/data-entry="([^"]+)"/.exec(html)?.[1]);
}

// The page that registers this worker was loaded before the worker existed, so nothing kept it: keep it
// now, so that one short visit already leaves its copy behind. The fetch goes through the browser's own
// cache, where that page sits with its ETag, so it costs a revalidation (a 304), not a second download.
// What that page loaded (code, photos, answers) the page itself hands over (lib/offline.ts).
async function keepOpenPages() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  await Promise.all(
    windows.map(async (client) => {
      const url = new URL(client.url);
      if (url.origin !== self.location.origin || !RENDERED.test(url.pathname)) return;
      const request = new Request(url.href, { credentials: 'same-origin' });
      const response = await fetch(request).catch(() => undefined);
      if (response?.ok) await keep(request, response);
    }),
  );
}

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(
    keepOpenPages()
      .then(() => ensureShell())
      .catch(() => undefined),
  );
});
self.addEventListener('activate', (event) => {
  const current = [PAGES, SHELL, ASSETS, IMAGES, ANSWERS];
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !current.includes(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Which cache keeps a same-origin address, and how to ask the browser's cache for it. */
function kindOf(url) {
  if (ASSET.test(url.pathname)) return { name: ASSETS, max: MAX_ASSETS };
  if (IMAGE.test(url.pathname)) return { name: IMAGES, max: MAX_IMAGES, accept: IMAGE_ACCEPT };
  if (ANSWER.test(url.pathname)) return { name: ANSWERS, max: MAX_ANSWERS, accept: 'application/json' };
  return undefined;
}

/** Copies what a page loaded before this worker was in charge from the browser's cache: never a download. */
async function keepLoaded(urls) {
  for (const href of new Set(urls)) {
    const url = new URL(href, self.location.origin);
    const kind = url.origin === self.location.origin ? kindOf(url) : undefined;
    if (!kind || (await caches.match(url.href, { cacheName: kind.name, ignoreVary: true }))) continue;
    const headers = kind.accept ? { Accept: kind.accept } : {};
    const response = await fetch(url.href, { cache: 'only-if-cached', mode: 'same-origin', headers }).catch(
      () => undefined,
    );
    if (response?.ok) await put(kind.name, kind.max, url.href, response);
  }
}

self.addEventListener('message', (event) => {
  if (event.data?.type === 'keep' && Array.isArray(event.data.urls))
    event.waitUntil(keepLoaded(event.data.urls).catch(() => undefined));
});

async function shell() {
  return (await caches.match(SHELL_URL, { cacheName: SHELL })) ?? Response.error();
}

/** The visitor's language where this browser lets a worker read cookies; null when it cannot tell. */
async function languageChoice() {
  if (!self.cookieStore) return null;
  const cookie = await self.cookieStore.get(LANGUAGE_COOKIE).catch(() => null);
  return cookie?.value === 'ny' ? 'ny' : 'en';
}

/** The visitor's data-saver choice where this browser lets a worker read cookies; null when it cannot tell. */
async function dataSaverChoice() {
  if (!self.cookieStore) return null;
  const cookie = await self.cookieStore.get(DATA_SAVER_COOKIE).catch(() => null);
  if (cookie) return cookie.value === 'on' ? 'on' : 'off';
  return self.navigator.connection?.saveData ? 'on' : 'off';
}

async function page(event) {
  const fresh = fetch(event.request).then((response) => {
    // Only a whole server-rendered page is worth keeping (not an error, not the plain app page).
    if (response.ok) event.waitUntil(keep(event.request, response.clone()));
    return response;
  });
  const kept = await caches.match(event.request, { cacheName: PAGES });
  // A copy made before the visitor switched data saver or language is only for when there is no connection.
  const choice = kept && (await dataSaverChoice());
  const language = kept && (await languageChoice());
  const sameSaver = !choice || choice === (kept?.headers.get('X-Data-Saver') ?? 'off');
  const sameLanguage = !language || language === (kept?.headers.get('X-Language') ?? 'en');
  if (kept && sameSaver && sameLanguage) {
    event.waitUntil(fresh.catch(() => undefined));
    return kept;
  }
  return fresh.catch(() => kept ?? shell());
}

/** The plain app page, as the server sends it for every screen it does not render: the newest shell. */
async function keepShell(response) {
  const html = await response.text();
  if (html.includes('<div id="root"></div>'))
    await put(SHELL, 1, SHELL_URL, new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
}

/** Any other page of the app: from the network (which answers with the shell), else the kept shell. */
async function otherPage(event) {
  try {
    const response = await fetch(event.request);
    if (response.ok && response.headers.get('Content-Type')?.startsWith('text/html'))
      event.waitUntil(keepShell(response.clone()).catch(() => undefined));
    return response;
  } catch {
    return shell();
  }
}

/** Code and photos never change at one address: the kept copy, else the network's, kept for next time. */
async function immutable(event, kind) {
  const kept = await caches.match(event.request.url, { cacheName: kind.name, ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok)
    event.waitUntil(put(kind.name, kind.max, event.request.url, response.clone()).catch(() => undefined));
  return response;
}

/** Catalogue answers change: the network's while there is one, kept for when there is none. */
async function answer(event, kind) {
  try {
    const response = await fetch(event.request);
    if (response.ok)
      event.waitUntil(put(kind.name, kind.max, event.request.url, response.clone()).catch(() => undefined));
    return response;
  } catch (error) {
    const kept = await caches.match(event.request.url, { cacheName: kind.name, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (RENDERED.test(url.pathname)) event.respondWith(page(event));
    else if (!url.pathname.startsWith('/api/')) event.respondWith(otherPage(event));
    return;
  }
  const kind = kindOf(url);
  if (kind?.name === ANSWERS) event.respondWith(answer(event, kind));
  else if (kind) event.respondWith(immutable(event, kind));
});
