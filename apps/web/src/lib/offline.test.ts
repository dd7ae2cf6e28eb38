import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { isChunkError, isOffline } from './offline';

afterEach(() => vi.restoreAllMocks());

describe('isOffline', () => {
  it('is a call that got no answer, not one the server refused', () => {
    expect(isOffline(new ApiError('Failed to fetch items', 0))).toBe(true);
    expect(isOffline(new ApiError('Failed to fetch items', 500))).toBe(false);
    expect(isOffline(new ApiError('Product not found', 404))).toBe(false);
    expect(isOffline(new Error('boom'))).toBe(false);
  });

  it("is a screen's code that did not arrive, however the browser words it", () => {
    for (const error of [
      new TypeError('Failed to fetch dynamically imported module: https://example.mw/assets/SellPage-x1.js'),
      new TypeError('error loading dynamically imported module: https://example.mw/assets/SellPage-x1.js'),
      new TypeError('Importing a module script failed.'),
      Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }),
    ]) {
      expect(isChunkError(error)).toBe(true);
      expect(isOffline(error)).toBe(true);
    }
    expect(isChunkError(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('is anything at all while the phone says it has no network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(isOffline(new ApiError('Failed to fetch items', 500))).toBe(true);
  });
});
