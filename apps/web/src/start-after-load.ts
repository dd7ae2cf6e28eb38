// The entry pages arrive rendered by the server, which swaps the app's script for this small one
// (apps/api server-render.ts). The app's code (~75 KB) then waits until the page's pictures are in and
// painted: on a slow link they get the bandwidth first, so the main picture paints seconds sooner. A tap
// or key press before then starts the code at once, and a button tapped early is pressed again once the
// app has taken the page over. Links and the search form work without the code, as plain page loads.
// No imports: this file is its own tiny chunk.
export {};

/** Sent by src/lib/lazy-page.ts once every piece of the page is hydrated. */
const APP_READY = 'app:ready';
// A picture that never finishes must not leave the page without its code.
const AT_THE_LATEST_MS = 3000;
const EARLY_TRIGGERS = ['pointerdown', 'keydown'] as const;

const tag = document.getElementById('app-start');
const entry = tag?.dataset.entry;
let started = false;
let held: HTMLElement | undefined;

function start() {
  if (started || !entry) return;
  started = true;
  removeEventListener('load', afterNextPaint);
  for (const type of EARLY_TRIGGERS) removeEventListener(type, start, true);
  for (const href of tag?.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    document.head.append(
      Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' }),
    );
  }
  document.head.append(
    Object.assign(document.createElement('script'), { type: 'module', src: entry, crossOrigin: '' }),
  );
  // The copy that opens this page next time (public/sw.js), registered now rather than by the app's code
  // (main.tsx does it for the pages the browser renders), so a short first visit already leaves it behind.
  navigator.serviceWorker?.register('/sw.js').catch(() => undefined);
}

/**
 * After the frame that follows the load event: the pictures that just arrived are painted first. (At the
 * load event itself the main picture may not be on screen yet, and the code would be asked for before it.)
 */
function afterNextPaint() {
  if (typeof requestAnimationFrame !== 'function') return start();
  requestAnimationFrame(() => requestAnimationFrame(start));
}

/** A button pressed before the app runs would do nothing: keep it, and press it again when the app is ready. */
function hold(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"]') : null;
  if (!button) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held = button;
  start();
}

function ready() {
  // Marks the page as taken over by its code (journeys wait for it before going offline, say).
  document.documentElement.dataset.ready = '';
  removeEventListener('click', hold, true);
  const button = held;
  held = undefined;
  // Not from inside the effect that announced it, which runs while the app is still finishing its pass over the
  // page: a click there could be dropped.
  if (button) queueMicrotask(() => button.isConnected && button.click());
}

if (entry) {
  addEventListener('click', hold, true);
  addEventListener(APP_READY, ready, { once: true });
  if (document.readyState === 'complete') start();
  else {
    addEventListener('load', afterNextPaint, { once: true });
    for (const type of EARLY_TRIGGERS) addEventListener(type, start, { capture: true, passive: true });
    setTimeout(start, AT_THE_LATEST_MS);
  }
}
