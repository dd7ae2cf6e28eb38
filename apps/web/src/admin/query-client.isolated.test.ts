import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { createAdminQueryClient, retryDelay, shouldRetry, type AdminQueryMeta } from './query-client';
import { notifyError } from './toasts';

vi.mock('./toasts', () => ({ notifyError: vi.fn() }));

afterEach(() => vi.clearAllMocks());

async function failWith(error: unknown, meta: AdminQueryMeta) {
  const client = createAdminQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  await client.fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(error), meta }).catch(() => undefined);
}

describe('a failed back-office load', () => {
  it("is toasted with the server's message, else the query's default", async () => {
    await failWith(new ApiError('Seller request not found', 500), { defaultMessage: 'Failed to fetch seller' });
    await failWith(new TypeError('boom'), { defaultMessage: 'Failed to fetch seller' });
    expect(vi.mocked(notifyError).mock.calls).toEqual([['Seller request not found'], ['Failed to fetch seller']]);
  });

  it('is toasted with a fixed text where the screen has one', async () => {
    await failWith(new ApiError('Category not found', 404), {
      defaultMessage: 'Failed to fetch category',
      errorToast: 'Failed to fetch category',
    });
    expect(notifyError).toHaveBeenCalledWith('Failed to fetch category');
  });

  it('is not toasted when the screen says it itself: 401, 403, and a 404 shown inline', async () => {
    await failWith(new ApiError('Session over', 401), { defaultMessage: 'x' });
    await failWith(new ApiError('Forbidden', 403), { defaultMessage: 'x' });
    await failWith(new ApiError('Seller request not found', 404), { defaultMessage: 'x', notFoundInline: true });
    expect(notifyError).not.toHaveBeenCalled();
  });
});

describe('retries', () => {
  it('asks again twice after a dropped connection or a gateway error, never after a refusal', () => {
    for (const status of [0, 502, 503, 504]) {
      expect(shouldRetry(0, new ApiError('x', status))).toBe(true);
      expect(shouldRetry(1, new ApiError('x', status))).toBe(true);
      expect(shouldRetry(2, new ApiError('x', status))).toBe(false);
    }
    for (const status of [400, 401, 403, 404, 409, 500]) expect(shouldRetry(0, new ApiError('x', status))).toBe(false);
  });

  it('waits longer each time, at most 10 s', () => {
    expect([0, 1, 2, 3, 4, 5].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});
