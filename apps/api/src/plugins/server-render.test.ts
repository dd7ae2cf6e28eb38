import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { engines } from '../test/databases.js';
import { fakeWebBuild } from '../test/web-build.js';
import { addProduct } from '../test/fixtures.js';
import { signIn } from '../test/users.js';
import { fillTemplate, renderedTemplate, START_AFTER_LOAD } from './server-render.js';

// docs/architecture.md#server-rendering: the entry pages arrive as HTML holding their first screen. The real renderer
// is the web app's (journeys test it in Chromium); here a small one stands in to test what the server does with it.

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="The shop." />
    <title>Marketplace Malawi</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shell-1.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

// Renders a product's name from the API it is given, as the web app's renderer does with its data.
const RENDERER = `
let transport;
export const INITIAL_DATA_ID = 'initial-data';
export const PAGE_MODULES = { '/': [], '/discover': [], '/product/:id': ['src/Product.tsx'] };
export function configure(next) { transport = next; }
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
let renders = 0;
export async function render(url, publicUrl, signal) {
  if (url.includes('explode')) throw new Error('render failed');
  if (url.includes('hiccup')) return { head: '', body: '<p>render ' + ++renders + '</p>', data: {}, status: 200, complete: false };
  const id = /^\\/product\\/(\\d+)/.exec(url)?.[1];
  if (!id) return { head: '', body: '<p>home</p>', data: {}, status: 200, complete: true };
  // With the render's signal, as the web app's calls carry it: the page then depends on what its answers do.
  const res = await transport('/api/v1/products/' + id, { signal });
  const product = await res.json();
  if (res.status === 404) return { head: '<title>Product not found</title>', body: '<h1>Product not found</h1>', data: { ['product:' + id]: { error: { status: 404, message: 'Product not found' } } }, status: 404, complete: true };
  return { head: '<title>' + esc(product.name) + '</title><meta name="description" content="' + product.price + '"/><meta name="render" content="' + ++renders + '"/>', body: '<h1>' + esc(product.name) + '</h1>', data: { ['product:' + id]: { data: product } }, status: 200, complete: true };
}`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_shell-1.js'] },
  '_shell-1.js': { file: 'assets/shell-1.js' },
  'src/Product.tsx': { file: 'assets/Product-1.js', imports: ['_shell-1.js', '_Meta-1.js', 'index.html'] },
  '_Meta-1.js': { file: 'assets/Meta-1.js' },
  [START_AFTER_LOAD]: { file: 'assets/start-after-load-1.js' },
};

describe('the template of a rendered page', () => {
  it("starts the app's code after the page's load: one small script holding the entry, the template's preloads and the page's chunks", () => {
    const html = renderedTemplate(TEMPLATE, MANIFEST, ['src/Product.tsx']);
    expect(html).toContain(
      '<script type="module" crossorigin id="app-start" src="/assets/start-after-load-1.js" data-entry="/assets/index-1.js" data-preload="/assets/shell-1.js /assets/Product-1.js /assets/Meta-1.js"></script>',
    );
    expect(html).not.toContain('modulepreload');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(renderedTemplate(TEMPLATE, MANIFEST, ['src/Missing.tsx'])).toContain('data-preload="/assets/shell-1.js"');
  });

  it('keeps the template as built when the build has no start-after-load script', () => {
    const { [START_AFTER_LOAD]: _, ...older } = MANIFEST;
    expect(renderedTemplate(TEMPLATE, older, ['src/Product.tsx'])).toBe(TEMPLATE);
  });
});

describe('filling the template', () => {
  it('puts the page head after the viewport (so preloads pick by the real width), before the fallback title, replaces the description, and escapes the data', () => {
    const html = fillTemplate(
      TEMPLATE,
      {
        head: '<title>Phone</title><meta name="description" content="MWK 1"/>',
        body: '<h1>Phone</h1>',
        data: { k: { data: '</script><script>alert(1)</script>' } },
        pieces: ['ProductPage', 'Footer'],
      },
      'initial-data',
    );
    expect(html).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1" /><title>Phone</title><meta name="description" content="MWK 1"/>',
    );
    expect(html.match(/<title>[^<]*/g)).toEqual(['<title>Phone', '<title>Marketplace Malawi']);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(
      '<div id="root" data-pieces="ProductPage Footer"><h1>Phone</h1></div><script type="application/json" id="initial-data">',
    );
    expect(html).not.toContain('</script><script>alert(1)');
    const json = /id="initial-data">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ k: { data: '</script><script>alert(1)</script>' } });
  });

  it('keeps the template title and description when the page has none', () => {
    const html = fillTemplate(TEMPLATE, { head: '', body: '<p>x</p>', data: {} }, 'initial-data');
    expect(html).toContain('<title>Marketplace Malawi</title>');
    expect(html).toContain('content="The shop."');
    expect(html).toContain('<div id="root"><p>x</p></div>');
  });
});

describe.each(engines)('server-rendered entry pages [%s]', (engine) => {
  let t: TestApp;
  let staff: Record<string, string>;
  let productId: number;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      webDist: fakeWebBuild({ template: TEMPLATE, renderer: RENDERER, manifest: MANIFEST }),
      publicUrl: 'https://shop.example',
    });
    staff = (await signIn(t.app, t.db, 'Admin')).headers;
    productId = await addProduct(t.db, { name: 'Tecno <Spark> 10', price: 180_000 });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  // docs/decisions/0089: a rendered page goes stale with the answers it was made from, not with every write.
  it("keeps a product's page through another product's changes and renders it afresh after its own", async () => {
    const id = await addProduct(t.db, { name: 'Rendered Itel', price: 70_000 });
    const otherId = await addProduct(t.db, { name: 'Rendered Nokia', price: 20_000 });
    const rendered = async () => /<meta name="render" content="(\d+)"/.exec((await get(`/product/${id}`)).body)?.[1];
    const first = await rendered();
    expect(first).toBeDefined();
    await t.db.kysely.updateTable('products').set({ price: 25_000 }).where('id', '=', otherId).execute();
    expect(await rendered()).toBe(first);
    await t.db.kysely.updateTable('products').set({ price: 65_000 }).where('id', '=', id).execute();
    const page = await get(`/product/${id}`);
    expect(page.body).toContain('<meta name="description" content="65000"/>');
    expect(/<meta name="render" content="(\d+)"/.exec(page.body)?.[1]).not.toBe(first);
  });

  it('sends the product page with its first screen, head and data', async () => {
    const page = await get(`/product/${productId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Tecno &lt;Spark> 10</h1>');
    expect(page.body).toContain('<title>Tecno &lt;Spark> 10</title>');
    expect(page.body).toContain('<meta name="description" content="180000"/>');
    expect(page.body).toContain('"name":"Tecno \\u003cSpark> 10"');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain(
      'id="app-start" src="/assets/start-after-load-1.js" data-entry="/assets/index-1.js" data-preload="/assets/shell-1.js /assets/Product-1.js /assets/Meta-1.js"',
    );
  });

  it('answers a missing product with 404 and its page', async () => {
    const page = await get('/product/999999');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<h1>Product not found</h1>');
  });

  it('serves an unchanged page from the cache with a 304, and a staff change on the very next read', async () => {
    // A product of its own: the rename and unpublish below must not reach the other tests' product.
    const id = await addProduct(t.db, { name: 'Tecno Spark 10', price: 180_000 });
    const first = await get(`/product/${id}`);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get(`/product/${id}`, { 'if-none-match': etag })).statusCode).toBe(304);
    const br = await get(`/product/${id}`, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');

    await t.db.kysely.updateTable('products').set({ name: 'Tecno Spark 20' }).where('id', '=', id).execute();
    const after = await get(`/product/${id}`, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<h1>Tecno Spark 20</h1>');

    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/admin/products/${id}/unpublish`, headers: staff })).statusCode,
    ).toBe(200);
    expect((await get(`/product/${id}`)).statusCode).toBe(404);
    await t.app.inject({ method: 'PUT', url: `/api/admin/products/${id}/publish`, headers: staff });
  });

  it('sends the plain app page when the render fails, and keeps it out of the cache', async () => {
    const page = await get('/discover?explode=1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    // static's weak validator of the file, not the cache's strong one of a rendered page
    expect(page.headers.etag).toMatch(/^W\//);
  });

  it('sends a page whose data partly failed to load, but renders it again for the next visitor', async () => {
    const first = await get('/discover?hiccup=1');
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatch(/<p>render \d+<\/p>/);
    expect(first.headers.etag).toBeUndefined();
    const second = await get('/discover?hiccup=1');
    expect(second.body).not.toBe(first.body);
  });

  it('leaves other routes to the plain app page and unknown API paths to JSON 404s', async () => {
    expect((await get('/sell')).body).toContain('<div id="root"></div>');
    const api = await get('/api/v1/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
  });
});
