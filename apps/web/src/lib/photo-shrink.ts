import type { ShrinkAnswer, ShrinkAsk } from './photo-shrink.worker';
import { jpegName } from './photo-size';

// Loaded when photos are picked, never with a screen (docs/decisions/0054).

// Formats every browser decodes: one of these that does not decode is not a photo. Others (HEIC, AVIF, TIFF)
// may be photos this browser cannot read but the server can, so they go as picked and the server decides.
const DECODED_EVERYWHERE = /^image\/(jpeg|png|webp|gif|bmp)$/;

let worker: Worker | null | undefined;
let lastId = 0;
const waiting = new Map<number, (answer: ShrinkAnswer | null) => void>();
// One photo at a time: a decoded 12-megapixel photo is 48 MB, and cheap phones have little memory.
let queue: Promise<unknown> = Promise.resolve();

function shrinker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./photo-shrink.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<ShrinkAnswer>) => {
      waiting.get(event.data.id)?.(event.data);
      waiting.delete(event.data.id);
    });
    // A worker that fails (out of memory) answers nothing more: what it held goes as picked.
    worker.addEventListener('error', () => {
      for (const answer of waiting.values()) answer(null);
      waiting.clear();
      worker?.terminate();
      worker = null;
    });
  } catch {
    worker = null;
  }
  return worker;
}

/** Where no worker can shrink: whether this browser decodes the file at all (without createImageBitmap, yes). */
async function decodes(file: File): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

async function shrinkOrRefuse(file: File): Promise<File | null> {
  const shrunk = await shrinkOne(file);
  return shrunk ?? (DECODED_EVERYWHERE.test(file.type) ? null : file);
}

async function shrinkOne(file: File): Promise<File | null> {
  const canShrink = typeof Worker === 'function' && typeof OffscreenCanvas === 'function';
  const running = canShrink ? shrinker() : null;
  // An older browser sends the original: the server shrinks it all the same, only the upload is larger.
  if (!running) return (await decodes(file)) ? file : null;
  const answer = await new Promise<ShrinkAnswer | null>((resolve) => {
    const id = ++lastId;
    waiting.set(id, resolve);
    running.postMessage({ id, file } satisfies ShrinkAsk);
  });
  if (answer?.undecodable) return null;
  return answer?.blob ? new File([answer.blob], jpegName(file.name), { type: 'image/jpeg' }) : file;
}

/**
 * The photo to send: at most 1600 px on its long side, upright, re-encoded without its EXIF (location
 * included); the original where this browser cannot shrink it; null when it is not a photo.
 */
export function shrinkPhoto(file: File): Promise<File | null> {
  const result = queue.then(() => shrinkOrRefuse(file));
  queue = result.catch(() => undefined);
  return result;
}
