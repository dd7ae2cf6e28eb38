import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiList, apiRequest, listOf } from './api-client';

function answer(status: number, body: unknown, contentType = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(text, { status, headers: { 'Content-Type': contentType } }));
}

afterEach(() => vi.restoreAllMocks());

describe('apiRequest', () => {
  it('calls the /api base and returns the JSON', async () => {
    const fetchMock = answer(200, { products: [] });
    await expect(apiRequest('/v1/products?limit=4', { defaultMessage: 'Failed to fetch items' })).resolves.toEqual({
      products: [],
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/products?limit=4');
  });

  it("throws the server's message with the status", async () => {
    answer(404, { title: 'Not Found', status: 404, detail: 'x', message: 'Product not found' });
    const error = await apiRequest('/v1/products/9', { defaultMessage: 'Failed to fetch item' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Product not found', status: 404 });
  });

  it('falls back to the default message when the body has none', async () => {
    answer(502, '<html>Bad gateway</html>', 'text/html');
    await expect(apiRequest('/v1/products', { defaultMessage: 'Failed to fetch items' })).rejects.toMatchObject({
      message: 'Failed to fetch items',
      status: 502,
    });
  });

  it('turns a network failure into status 0 with the default message', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(
      apiRequest('/v1/products/category/x', { defaultMessage: 'Failed to fetch category items' }),
    ).rejects.toMatchObject({
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

describe('the message of a failure', () => {
  it('reads message, then detail, then title, then the default', async () => {
    for (const [body, expected] of [
      [{ message: 'M', detail: 'D', title: 'T' }, 'M'],
      [{ message: '  ', detail: 'D', title: 'T' }, 'D'],
      [{ title: 'T' }, 'T'],
      [{}, 'Failed to fetch users'],
    ] as const) {
      answer(400, body);
      await expect(apiRequest('/admin/users', { defaultMessage: 'Failed to fetch users' })).rejects.toMatchObject({
        message: expected,
      });
      vi.restoreAllMocks();
    }
  });

  it("carries a 400's per-field messages, dropping anything that is not text", async () => {
    answer(400, { message: 'Invalid input', errors: { price: 'Price is required', images: 3 } });
    await expect(apiRequest('/v1/sells', { defaultMessage: 'x' })).rejects.toMatchObject({
      fieldErrors: { price: 'Price is required' },
    });
  });
});

describe('bearer, multipart and 401', () => {
  it('sends a FormData body as it is, with the token', async () => {
    const fetchMock = answer(201, { id: 1 });
    const form = new FormData();
    form.append('item_name', 'Phone');
    await apiRequest('/v1/sells', { method: 'POST', form, token: 'tok', defaultMessage: 'x' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    // The browser sets the multipart boundary itself.
    expect(headers.get('Content-Type')).toBeNull();
  });

  it("on a 401 runs the caller's hook and says its message when the server says none", async () => {
    answer(401, '', 'text/plain');
    const then = vi.fn();
    await expect(
      apiRequest('/admin/users', {
        defaultMessage: 'Failed to fetch users',
        unauthorized: { message: 'Session over', then },
      }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Session over',
    });
    expect(then).toHaveBeenCalledOnce();
  });

  it('answers undefined for a 204', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiRequest('/admin/users/1', { method: 'DELETE', defaultMessage: 'x' })).resolves.toBeUndefined();
  });
});

describe('lists (an array or an object)', () => {
  it('takes a bare array, with no total', () => {
    expect(listOf([{ id: 1 }], ['products'])).toEqual({ items: [{ id: 1 }], total: null, extra: {} });
  });

  it('takes the rows under the first key present, with the total and the rest', () => {
    const page = listOf<{ id: number }>({ featured_products: [{ id: 2 }], total: 7, next_cursor: 'c' }, [
      'products',
      'featured_products',
    ]);
    expect(page.items).toEqual([{ id: 2 }]);
    expect(page.total).toBe(7);
    expect(page.extra.next_cursor).toBe('c');
  });

  it('gives an empty list for an answer without rows', async () => {
    answer(200, { total: 'many' });
    await expect(apiList('/v1/products', ['products'], { defaultMessage: 'x' })).resolves.toEqual({
      items: [],
      total: null,
      extra: { total: 'many' },
    });
  });
});
