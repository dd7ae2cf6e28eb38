// The storefront's service worker: a returning visitor's home, discover and product pages open from
// this phone's copy at once, with no round trip before paint, while a fresh copy is fetched for next
// time. The copy is marked stale, so the page refreshes its data right after it opens
// (src/lib/initial-data.ts). Everything else goes to the network as if this worker did not exist.
const PAGES = 'pages-v1';
const MAX_PAGES = 40;
const RENDERED = /^\/(?:|discover|product\/\d+)$/;
const DATA_SCRIPT = '<script type="application/json" id="initial-data">';

// The page that registers this worker was loaded before the worker existed, so nothing kept it: keep it
// now, so that one short visit already leaves its copy behind. The fetch goes through the browser's own
// cache, where that page sits with its ETag, so it costs a revalidation (a 304), not a second download.
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
  event.waitUntil(keepOpenPages().catch(() => undefined));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== PAGES).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function keep(request, response) {
  const text = await response.text();
  if (!text.includes(DATA_SCRIPT)) return;
  const html = text.replace(DATA_SCRIPT, '<script type="application/json" id="initial-data" data-stale="">');
  const cache = await caches.open(PAGES);
  await cache.put(request, new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
  const names = await cache.keys();
  await Promise.all(names.slice(0, Math.max(0, names.length - MAX_PAGES)).map((old) => cache.delete(old)));
}

async function page(event) {
  const fresh = fetch(event.request).then((response) => {
    // Only a whole server-rendered page is worth keeping (not an error, not the plain app page).
    if (response.ok) event.waitUntil(keep(event.request, response.clone()));
    return response;
  });
  const kept = await caches.match(event.request, { cacheName: PAGES });
  if (kept) {
    event.waitUntil(fresh.catch(() => undefined));
    return kept;
  }
  return fresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || request.mode !== 'navigate') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !RENDERED.test(url.pathname)) return;
  event.respondWith(page(event));
});
