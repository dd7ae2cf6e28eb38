import { fitWithin, PHOTO_LONG_SIDE, PHOTO_QUALITY } from './photo-size';

// Off the main thread, so the form stays responsive while a 12-megapixel photo is decoded on a cheap phone.
// A JPEG encoded from the pixels carries no EXIF: no location, no camera; the turn EXIF asked for is applied.

/** What photo-shrink.ts asks and hears back: `blob` null when shrinking failed (the original goes). */
export interface ShrinkAsk {
  id: number;
  file: Blob;
}
export interface ShrinkAnswer {
  id: number;
  blob: Blob | null;
  undecodable: boolean;
}

async function shrink({ id, file }: ShrinkAsk): Promise<ShrinkAnswer> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { id, blob: null, undecodable: true };
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, PHOTO_LONG_SIDE);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return { id, blob: null, undecodable: false };
    // A transparent PNG goes on white, not the black JPEG would give it.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return { id, blob: await canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_QUALITY }), undecodable: false };
  } catch {
    return { id, blob: null, undecodable: false };
  } finally {
    bitmap.close();
  }
}

self.addEventListener('message', (event: MessageEvent<ShrinkAsk>) => {
  void shrink(event.data).then((answer) => self.postMessage(answer));
});
