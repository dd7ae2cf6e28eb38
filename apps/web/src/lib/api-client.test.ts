import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

function answer(status: number, body: unknown, contentType = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(text, { status, headers: { 'Content-Type': contentType } }));
}

afterEach(() => vi.restoreAllMocks());

describe('apiRequest', () => {
  it('calls the /api base and returns the JSON', async () => {
    const fetchMock = answer(200, { products: [] });
    await expect(apiRequest('/v1/products?limit=4', { defaultMessage: 'Failed to fetch items' })).resolves.toEqual({ products: [] });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/products?limit=4');
  });

  it("throws the server's message with the status", async () => {
    answer(404, { title: 'Not Found', status: 404, detail: 'x', message: 'Product not found' });
    const error = await apiRequest('/v1/products/9', { defaultMessage: 'Failed to fetch item' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Product not found', status: 404 });
  });

  it('falls back to the default message when the body has none', async () => {
    answer(502, '<html>Bad gateway</html>', 'text/html');
    await expect(apiRequest('/v1/products', { defaultMessage: 'Failed to fetch items' })).rejects.toMatchObject({ message: 'Failed to fetch items', status: 502 });
  });

  it('turns a network failure into status 0 with the default message', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/v1/products/category/x', { defaultMessage: 'Failed to fetch category items' })).rejects.toMatchObject({
      message: 'Failed to fetch category items',
      status: 0,
    });
  });

  it('sends JSON bodies with the method', async () => {
    const fetchMock = answer(200, { watchers: 1, interested: true });
    await apiRequest('/v1/products/1/interest', { method: 'POST', body: { visitor_id: 'abc' }, defaultMessage: 'x' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"visitor_id":"abc"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });
});

describe('ApiError body', () => {
  it('keeps the JSON error body for callers that need its details', async () => {
    answer(409, { message: 'Some items are no longer available', unavailable: [3], changed: [] });
    await expect(apiRequest('/v1/orders', { method: 'POST', body: {}, defaultMessage: 'x' })).rejects.toMatchObject({
      status: 409,
      message: 'Some items are no longer available',
      body: { unavailable: [3], changed: [] },
    });
  });

  it('has no body when the answer was not JSON', async () => {
    answer(502, '<html>Bad gateway</html>', 'text/html');
    await expect(apiRequest('/v1/orders', { defaultMessage: 'x' })).rejects.toMatchObject({ status: 502, body: null });
  });
});
