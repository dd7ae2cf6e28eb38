import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { engines } from '../test/databases.js';
import { rawRequest } from '../test/raw-http.js';
import { fakeWebBuild } from '../test/web-build.js';
import { pageForm } from './page-form.js';
import { inLanguage, START_AFTER_LOAD } from './server-render.js';

// Decision 0032: the public pages come in English and Chichewa. The choice lives in the browser and reaches
// the server as a `lang` cookie; the render, `<html lang>`, the preloaded catalogue and the cached copy follow it.

describe('the form of a page a request wants', () => {
  const request = (url: string, cookie?: string) => ({ url, headers: cookie ? { cookie } : {} }) as IncomingMessage;

  it('is one per language and data-saver choice, for pages only, never for API answers', () => {
    expect(pageForm(request('/product/5'))).toBe('');
    expect(pageForm(request('/product/5', 'lang=ny'))).toBe('ny');
    expect(pageForm(request('/product/5', 'data_saver=on'))).toBe('data-saver');
    expect(pageForm(request('/product/5', 'data_saver=on; lang=ny'))).toBe('ny data-saver');
    expect(pageForm(request('/api/v1/products/5', 'data_saver=on; lang=ny'))).toBe('');
  });

  it('is English for an unknown, empty or malformed language', () => {
    for (const cookie of [
      'lang=fr',
      'lang=',
      'lang=NY',
      'lang=ny%00',
      'xlang=ny',
      'lang=ny-evil',
      `lang=${'n'.repeat(5000)}`,
    ]) {
      expect(pageForm(request('/', cookie)), cookie.slice(0, 20)).toBe('');
    }
  });
});

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Marketplace Malawi</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js' },
  'src/i18n/locales/ny.po': { file: 'assets/ny-1.js' },
  [START_AFTER_LOAD]: { file: 'assets/start-after-load-1.js' },
};

// A renderer that says which language it was asked for, as the web app's renders its texts.
const RENDERER = `
export const INITIAL_DATA_ID = 'initial-data';
export const PAGE_MODULES = { '/': [] };
export function configure() {}
let renders = 0;
export async function render(url, origin, signal, { language }) {
  renders++;
  return { head: '', body: '<p>' + (language === 'ny' ? 'Moni' : 'Hello') + ' ' + renders + '</p>', data: {}, status: 200, complete: true };
}`;

describe('a template in a language', () => {
  it("says its language and loads that language's catalogue with the page's code", () => {
    const template =
      '<html lang="en"><script id="app-start" data-entry="/assets/index-1.js" data-preload="/assets/shell-1.js"></script>';
    const ny = inLanguage(template, MANIFEST, 'ny');
    expect(ny).toContain('<html lang="ny">');
    expect(ny).toContain('data-preload="/assets/shell-1.js /assets/ny-1.js"');
    // English has no catalogue: the template is as it was.
    expect(inLanguage(template, MANIFEST, 'en')).toBe(template);
  });
});

describe.each(engines)('rendered pages in a language [%s]', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      webDist: fakeWebBuild({ template: TEMPLATE, renderer: RENDERER, manifest: MANIFEST }),
    });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('are rendered in the language of the cookie, cached apart, and say what they vary by', async () => {
    const english = await get('/');
    const chichewa = await get('/', { cookie: 'lang=ny' });
    expect(english.body).toMatch(/<html lang="en">[\s\S]*<p>Hello \d+<\/p>/);
    expect(chichewa.body).toMatch(/<html lang="ny">[\s\S]*<p>Moni \d+<\/p>/);
    expect(chichewa.headers.vary).toMatch(/Cookie/);
    expect(chichewa.headers.etag).not.toBe(english.headers.etag);
    // The second of each comes from the cache, in its own language.
    expect((await get('/', { cookie: 'lang=ny' })).body).toBe(chichewa.body);
    expect((await get('/')).body).toBe(english.body);
    expect((await get('/', { cookie: 'lang=ny', 'if-none-match': String(chichewa.headers.etag) })).statusCode).toBe(
      304,
    );
    expect((await get('/', { 'if-none-match': String(chichewa.headers.etag) })).statusCode).toBe(200);
  });

  it('cannot be cached under another language by a fragment in the request target', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Before the fix, an English render asked for as `/?p=1#ny` was kept under the key Chichewa visitors
    // of `/?p=1` are served from (a URL no other test asks for, so nothing is cached under it yet).
    const poison = await rawRequest(port, 'GET /?p=1#ny HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(poison.status).toBe(400);
    expect(poison.head).toMatch(/x-content-type-options: nosniff/i);
    expect((await get('/?p=1', { cookie: 'lang=ny' })).body).toMatch(/<p>Moni \d+<\/p>/);
  });

  it('fall back to English for an unknown language, from the same cached copy', async () => {
    const english = await get('/');
    for (const cookie of ['lang=fr', 'lang=<script>', 'lang=']) {
      const page = await get('/', { cookie });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(english.body);
    }
  });
});
