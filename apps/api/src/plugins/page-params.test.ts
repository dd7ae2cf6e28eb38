import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { engines } from '../test/databases.js';
import { addProduct } from '../test/fixtures.js';
import { fakeWebBuild } from '../test/web-build.js';

// The rendered entry pages have no querystring schema: they are keyed by the parameters each page reads
// (the renderer's PAGE_PARAMS), so made-up parameters neither add cache entries nor reach the render.
const TEMPLATE =
  '<!doctype html><html><head><title>Marketplace Malawi</title></head><body><div id="root"></div></body></html>';
const RENDERER = `
export const INITIAL_DATA_ID = 'initial-data';
export const PAGE_MODULES = { '/': [], '/discover': [], '/product/:id': [] };
export const PAGE_PARAMS = { '/': [], '/discover': ['category', 'sort'], '/product/:id': [] };
export function configure() {}
export async function render(url) {
  return { head: '', body: '<p>' + url.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</p>' + 'x'.repeat(4000), data: {}, status: 200, complete: true };
}`;

describe.each(engines)('rendered pages and made-up parameters [%s]', (engine) => {
  let t: TestApp;
  let productId: number;
  beforeAll(async () => {
    t = await createTestApp(engine, { webDist: fakeWebBuild({ template: TEMPLATE, renderer: RENDERER }) });
    productId = await addProduct(t.db, { name: 'Itel A70' });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
  const html = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

  it('adds no entry for 3,000 distinct junk-parameter page URLs, and renders without them', async () => {
    const pages = ['/', `/product/${productId}`, '/discover?category=Laptops'];
    const first = await Promise.all(pages.map(get));
    const before = t.app.catalogueCacheBytes();
    for (let i = 0; i < 3000; i++) {
      const page = pages[i % 3]!;
      const junk = await get(`${page}${page.includes('?') ? '&' : '?'}pad=${i}&utm_source=x${i}`);
      expect(junk.statusCode).toBe(200);
      if (i < 3) expect(junk.headers.etag).toBe(first[i]!.headers.etag);
    }
    expect(t.app.catalogueCacheBytes()).toBe(before);
    expect(await html('/discover?pad=1&category=Laptops')).toContain('<p>/discover?category=Laptops</p>');
    expect(await html(`/product/${productId}?pad=2`)).toContain(`<p>/product/${productId}</p>`);
  });

  it('still keys a page by the parameters it reads', async () => {
    expect(await html('/discover?sort=price_asc&category=Laptops')).toContain(
      '<p>/discover?sort=price_asc&amp;category=Laptops</p>',
    );
    expect(await html('/discover?category=SmartPhones&sort=price_asc')).toContain(
      '<p>/discover?category=SmartPhones&amp;sort=price_asc</p>',
    );
  });
});
