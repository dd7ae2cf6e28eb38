import { vi } from 'vitest';

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Answers fetch by the first route whose pattern matches "METHOD /path?query"; anything unmatched is a
 * test bug and fails loudly. Returns the spy to inspect calls.
 */
export function mockApi(routes: [RegExp, Handler][]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    const route = routes.find(([pattern]) => pattern.test(key));
    if (!route) throw new Error(`Unexpected request ${key}`);
    return route[1](url, init);
  });
}

export const list = (products: unknown[]) => ({ products, total: products.length, limit: 50, offset: 0 });

/** GET /v1/after-sale answering the server's return window and default warranty (7 and 30 days unless given). */
export const afterSaleRoute = (return_days = 7, default_warranty_days = 30): [RegExp, Handler] => [
  /^GET \/api\/v1\/after-sale$/,
  () => json({ return_days, default_warranty_days }),
];
