import type { Metadata } from 'sharp';

/**
 * Estimated memory one decode may take, and (see upload.ts) all decodes in flight together. Measured on
 * the 2-core box with the built server: it idles at ~150 MB, a login's scrypt holds 128 MiB while it
 * runs, and each decode adds its estimate below plus ~15 MB for the WebP encoder. 150 + 128 + 72 + 2 x 15
 * stays under the 400 MB the process may use with uploads in flight, provided glibc does not keep freed
 * decode memory in one arena per thread (MALLOC_ARENA_MAX=1 in the server's environment: without it a
 * burst of costly uploads leaves ~200 MB more resident). 72 MiB still decodes every phone photo, and two
 * ordinary ones side by side: a 12-megapixel JPEG needs 34 MiB (a larger one is shrunk while it loads), a
 * 14-megapixel progressive JPEG ~50 MiB, a phone screenshot in PNG ~20 MiB.
 */
export const MAX_DECODE_BYTES = 72 * 1024 * 1024;

/** Bytes per sample of libvips' band formats (metadata.depth). */
const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/** The header fields the estimate reads. */
export type DecodeHeader = Pick<Metadata, 'format'> &
  Partial<
    Pick<Metadata, 'width' | 'height' | 'channels' | 'depth' | 'isProgressive' | 'chromaSubsampling' | 'pageHeight'>
  >;

/**
 * sharp's JPEG shrink-on-load factor when the longest side is resized to `target` (pipeline.cc,
 * fastShrinkOnLoad): libjpeg decodes at 1/2, 1/4 or 1/8 scale, so only the smaller pixels exist.
 */
export function jpegShrinkOnLoad(longSide: number, target: number): number {
  const shrink = longSide / target;
  let factor = shrink >= 8 ? 8 : shrink >= 4 ? 4 : shrink >= 2 ? 2 : 1;
  // sharp steps back one factor where libjpeg would round the result below the target.
  if (factor > 1 && Math.floor(shrink) === factor) factor /= 2;
  return factor;
}

/** The size of one chroma plane against the luma plane, from 'J:a:b' ('4:2:0' is a quarter); unknown counts as full. */
function chromaShare(subsampling: string | undefined): number {
  const [j, a, b] = (subsampling ?? '').split(':').map(Number);
  if (!j || a === undefined || b === undefined || Number.isNaN(a) || Number.isNaN(b)) return 1;
  return Math.min(1, (a / j) * (b === 0 ? 0.5 : 1));
}

/**
 * Peak memory measured against the decoded size, for loaders that hold the whole image and more: an
 * interlaced PNG or a GIF ~1.6, AVIF/HEIF ~6 (libheif's and the AV1 decoder's planes and buffers).
 */
const WHOLE_IMAGE_OVERHEAD = { interlacedPng: 1.6, gif: 1.6, heif: 6 } as const;

/**
 * Estimated bytes held in memory to decode the first page of an image, from its header alone, with the
 * largest side bounded to `targetSide`. Bytes, not pixels: channels and 16-bit samples count. The whole
 * page is counted as if held at once, because for the costly cases it is (an interlaced PNG, a GIF
 * canvas, a TIFF strip, an AVIF), and elsewhere libvips was measured to hold up to about as much.
 * JPEG is the measured exception in both directions:
 * - a baseline JPEG decodes at sharp's shrink-on-load scale (a 50-megapixel photo: ~10 MB, not 150);
 * - a progressive JPEG also keeps every DCT coefficient of the full-size image (2 bytes each), whatever
 *   the scale: a 50-megapixel one needs ~150 MB at 4:2:0 and ~300 MB at 4:4:4.
 */
export function decodeCost(meta: DecodeHeader, targetSide: number): number {
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  const sampleBytes = SAMPLE_BYTES[meta.depth ?? 'uchar'] ?? 8;
  // GIFs are composited on an RGBA canvas, whatever the palette holds.
  const channels = meta.format === 'gif' ? 4 : Math.max(1, meta.channels ?? 4);
  const decoded = width * height * channels * sampleBytes;

  switch (meta.format) {
    case 'jpeg': {
      const factor = jpegShrinkOnLoad(Math.max(width, height), targetSide);
      const pixels = Math.ceil(width / factor) * Math.ceil(height / factor) * channels * sampleBytes;
      if (!meta.isProgressive) return pixels;
      // Luma, then up to two subsampled chroma planes; a fourth (CMYK's K) plane is full size.
      const planes = 1 + Math.min(channels - 1, 2) * chromaShare(meta.chromaSubsampling) + Math.max(channels - 3, 0);
      return pixels + Math.ceil(2 * width * height * planes);
    }
    case 'png':
      return meta.isProgressive ? Math.ceil(decoded * WHOLE_IMAGE_OVERHEAD.interlacedPng) : decoded;
    case 'gif':
      return Math.ceil(decoded * WHOLE_IMAGE_OVERHEAD.gif);
    case 'heif': // AVIF too: sharp names both by their container
      return decoded * WHOLE_IMAGE_OVERHEAD.heif;
    default:
      return decoded;
  }
}
