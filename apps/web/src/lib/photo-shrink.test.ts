import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShrinkAnswer, ShrinkAsk } from './photo-shrink.worker';

// The worker's drawing runs in Chromium (journey sell-photos.spec.ts); here, what photo-shrink.ts makes of its
// answers, and what it does where the platform has no worker or canvas.
const photo = (name: string, type = 'image/jpeg') => new File(['bytes'], name, { type });

/** A worker that answers each photo with `answer(ask)`. */
function fakeWorker(answer: (ask: ShrinkAsk) => Omit<ShrinkAnswer, 'id'>) {
  return class extends EventTarget {
    postMessage(ask: ShrinkAsk) {
      queueMicrotask(() =>
        this.dispatchEvent(
          new MessageEvent('message', { data: { id: ask.id, ...answer(ask) } satisfies ShrinkAnswer }),
        ),
      );
    }
    terminate() {}
  };
}

const load = async () => (await import('./photo-shrink')).shrinkPhoto;

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe('shrinkPhoto with a worker', () => {
  beforeEach(() => vi.stubGlobal('OffscreenCanvas', class {}));

  it("sends the worker's JPEG under the photo's name ending in .jpg", async () => {
    vi.stubGlobal(
      'Worker',
      fakeWorker(() => ({ blob: new Blob(['small'], { type: 'image/jpeg' }), undecodable: false })),
    );
    const shrunk = await (await load())(photo('IMG_2041.png', 'image/png'));
    expect([shrunk?.name, shrunk?.type, shrunk?.size]).toEqual(['IMG_2041.jpg', 'image/jpeg', 5]);
  });

  it('refuses a JPEG that does not decode, but lets a HEIC photo the server may read go as picked', async () => {
    vi.stubGlobal(
      'Worker',
      fakeWorker(() => ({ blob: null, undecodable: true })),
    );
    const shrinkPhoto = await load();
    expect(await shrinkPhoto(photo('notes.jpg'))).toBeNull();
    const heic = photo('IMG_1.HEIC', 'image/heic');
    expect(await shrinkPhoto(heic)).toBe(heic);
  });

  it('sends the original when the worker could not encode it', async () => {
    vi.stubGlobal(
      'Worker',
      fakeWorker(() => ({ blob: null, undecodable: false })),
    );
    const original = photo('front.jpg');
    expect(await (await load())(original)).toBe(original);
  });
});

describe('shrinkPhoto without a worker', () => {
  it('sends the original when it decodes, and refuses it when it does not', async () => {
    const decode = vi.fn(() => Promise.resolve({ close: () => {} }));
    vi.stubGlobal('createImageBitmap', decode);
    const shrinkPhoto = await load();
    const original = photo('front.jpg');
    expect(await shrinkPhoto(original)).toBe(original);
    decode.mockRejectedValueOnce(new DOMException('bad', 'InvalidStateError'));
    expect(await shrinkPhoto(photo('notes.jpg'))).toBeNull();
  });

  it('sends it as picked where the browser cannot even decode (the server still checks)', async () => {
    const original = photo('front.jpg');
    expect(await (await load())(original)).toBe(original);
  });
});
