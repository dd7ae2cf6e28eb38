// The DOM matchers (toBeInTheDocument, toHaveTextContent...); they only extend expect, so the Node-run file loads them harmlessly.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Uploads go through the fetch wrapper here (lib/upload.ts does so without XMLHttpRequest), so the tests'
// fetch mocks answer them; lib/upload.test.ts puts a fake XMLHttpRequest back to test the progress path.
if (typeof window !== 'undefined') Reflect.deleteProperty(globalThis, 'XMLHttpRequest');

// Two cores running several jsdom workers: give findBy/waitFor room before calling a slow render a failure.
configure({ asyncUtilTimeout: 4000 });

// The tests run without the app's stylesheet, and an element's accessible name puts a space around a child only
// when its computed display is not inline. In the browser the screen-reader-only words and the count badges are
// positioned absolutely, which makes them blocks; jsdom 31 computes display from the CSS it has (jsdom 26 gave
// every element an empty display, read as a block). This rule keeps the names the browser computes.
if (typeof window !== 'undefined' && !document.getElementById('test-positions')) {
  const style = document.createElement('style');
  style.id = 'test-positions';
  style.textContent = '.sr-only, .absolute { position: absolute; }';
  document.head.append(style);
}

// The files of a worker share one page (isolate: false in vitest.config.ts), so what a test leaves in it is
// put back as the first file found it: the head (lib/head.tsx puts titles, meta tags and preloads there), the root's
// attributes (lang, the data-saver class), the body, cookies, storage and the address.
type Pristine = { head: Set<Node>; root: [string, string][]; href: string };
const PRISTINE = Symbol.for('marketplace.test.pristine-page');
function pristine(): Pristine {
  const store = globalThis as { [PRISTINE]?: Pristine };
  store[PRISTINE] ??= {
    head: new Set(document.head.childNodes),
    root: [...document.documentElement.attributes].map((a) => [a.name, a.value]),
    href: window.location.href,
  };
  return store[PRISTINE];
}
if (typeof window !== 'undefined') pristine();

// Testing Library only cleans up by itself when test globals are on; this project keeps them off.
afterEach(() => {
  // A file that runs in Node instead of jsdom (lint-zones.test.ts) has no page to clean.
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  const page = pristine();
  // A test that mounts its own root (a hydration test's #root) leaves it in the body for the next file.
  document.body.replaceChildren();
  for (const node of [...document.head.childNodes]) if (!page.head.has(node)) node.remove();
  // A test that rewrites the head (start-after-load.test.tsx) took the first file's nodes with it: put them back.
  for (const node of page.head) if (!node.isConnected) document.head.append(node);
  const root = document.documentElement;
  for (const { name } of [...root.attributes]) root.removeAttribute(name);
  for (const [name, value] of page.root) root.setAttribute(name, value);
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  if (window.location.href !== page.href) window.history.replaceState(null, '', page.href);
});
