import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { engines } from '../test/databases.js';
import { fakeWebBuild } from '../test/web-build.js';
import { wantsDataSaver } from './data-saver.js';

// Decision 0031: a visitor under data saver gets rendered pages that ask for no photos. The choice lives in
// the browser and reaches the server as a cookie; without one, the browser's Save-Data decides.

describe('the data-saver choice of a request', () => {
  it('is the cookie when the visitor chose, else Save-Data', () => {
    expect(wantsDataSaver({})).toBe(false);
    expect(wantsDataSaver({ 'save-data': 'on' })).toBe(true);
    expect(wantsDataSaver({ 'save-data': 'On' })).toBe(true);
    expect(wantsDataSaver({ cookie: 'a=1; data_saver=on' })).toBe(true);
    expect(wantsDataSaver({ cookie: 'data_saver=off', 'save-data': 'on' })).toBe(false);
    expect(wantsDataSaver({ cookie: 'no_data_saver=on' })).toBe(false);
    expect(wantsDataSaver({ cookie: 'data_saver=onward' })).toBe(false);
  });
});

const TEMPLATE = '<!doctype html><html><head><meta charset="UTF-8" /></head><body><div id="root"></div></body></html>';

// A renderer that says which form it was asked for, as the web app's renders placeholders instead of photos.
const RENDERER = `
export const INITIAL_DATA_ID = 'initial-data';
export const PAGE_MODULES = { '/': [] };
export function configure() {}
export async function render(url, origin, signal, { dataSaver }) {
  return { head: '', body: '<p>' + (dataSaver ? 'tap to show' : 'photos') + '</p>', data: {}, status: 200, complete: true, dataSaver };
}`;

describe.each(engines)('rendered pages under data saver [%s]', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { webDist: fakeWebBuild({ template: TEMPLATE, renderer: RENDERER }) });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('are rendered and cached apart from the usual ones, and say what they vary by', async () => {
    // Each form twice, in turns: the second of each comes from the cache and must not be the other form.
    for (let round = 0; round < 2; round++) {
      const usual = await get('/');
      expect(usual.body).toContain('<div id="root"><p>photos</p></div>');
      const saving = await get('/', { cookie: 'data_saver=on' });
      expect(saving.body).toContain('<div id="root" data-saver=""><p>tap to show</p></div>');
      expect((await get('/', { 'save-data': 'on' })).body).toContain('tap to show');
      expect((await get('/', { cookie: 'data_saver=off', 'save-data': 'on' })).body).toContain('<p>photos</p>');
      for (const page of [usual, saving]) expect(page.headers.vary).toMatch(/^Accept-Encoding, Cookie, Save-Data/);
      expect(saving.headers.etag).not.toBe(usual.headers.etag);
      // A revalidation answers for the form asked for.
      expect(
        (await get('/', { cookie: 'data_saver=on', 'if-none-match': String(saving.headers.etag) })).statusCode,
      ).toBe(304);
      expect((await get('/', { 'if-none-match': String(saving.headers.etag) })).statusCode).toBe(200);
    }
  });

  it('leave API answers as they are: one cached answer for every visitor', async () => {
    const usual = await get('/api/v1/products?limit=1');
    const saving = await get('/api/v1/products?limit=1', { cookie: 'data_saver=on' });
    expect(saving.statusCode).toBe(200);
    expect(saving.headers.etag).toBe(usual.headers.etag);
    expect(saving.headers.vary).not.toContain('Cookie');
  });
});
