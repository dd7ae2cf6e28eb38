import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../../plugins/errors.js';

// libvips runs each operation on a pool of its own threads (by default one per core) and keeps a cache
// of recent operations and their pixel buffers. On the small 2-core boxes this runs on, several uploads
// or resizes at once would each fan out over every core and the cache would hold decoded pixels long
// after the response went out. One libvips thread per operation (libuv's pool still runs a few
// operations side by side) and no operation cache keep memory proportional to the work in flight.
sharp.concurrency(1);
sharp.cache(false);

/** Largest decoded size accepted: 50 megapixels covers every phone camera's default mode. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Stored originals are bounded to this largest side; variants are rendered from them. */
export const MAX_STORED_SIDE = 1600;
export const STORED_QUALITY = 82;
/** A pathological input must not hold a worker thread for ever. */
const PROCESS_TIMEOUT_SECONDS = 30;

export interface NormalizedImage {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
}

/** Raster formats we hand to libvips; vector and document loaders (SVG, PDF, magick) are never reached. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

const notAnImage = () => new HttpError(400, 'File is not a supported image');
const tooLarge = () => new HttpError(400, `Image is too large (max ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`);

/**
 * Magic numbers of the accepted formats. The bytes alone decide (never the declared type or name);
 * this gate only keeps libvips' other loaders out of reach, sharp's decoder has the final word.
 */
function hasRasterSignature(b: Buffer): boolean {
  if (b.length < 12) return false;
  const ascii = (start: number, end: number) => b.toString('latin1', start, end);
  return (
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) || // JPEG
    (b[0] === 0x89 && ascii(1, 4) === 'PNG') || // PNG
    ascii(0, 4) === 'GIF8' || // GIF
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') || // WebP
    ascii(4, 8) === 'ftyp' || // AVIF / HEIF (ISO base media)
    ascii(0, 4) === 'II*\0' || // TIFF little-endian
    ascii(0, 4) === 'MM\0*' // TIFF big-endian
  );
}

/**
 * Turns uploaded bytes into the stored form: decoded as an image (or refused), auto-oriented, every
 * piece of metadata (EXIF, GPS, XMP, IPTC, ICC, comments) dropped, the largest side bounded, and
 * re-encoded as WebP. The declared size is checked from the header before any pixel is decoded, so a
 * decompression bomb costs a header read.
 */
export async function normalizeImage(input: Buffer): Promise<NormalizedImage> {
  if (!hasRasterSignature(input)) throw notAnImage();

  let meta: Metadata;
  try {
    // Header only: no pixels are decoded here. The pixel limit is ours to check just below, with our message.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw notAnImage();
  // For a multi-page image only the first page is decoded; its height is pageHeight.
  const pageHeight = meta.pageHeight ?? meta.height;
  if (meta.width * pageHeight > MAX_INPUT_PIXELS) throw tooLarge();

  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS, // second guard, enforced by libvips itself
      sequentialRead: true,
      failOn: 'error',
      pages: 1,
      autoOrient: true,
    })
      .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      // No withMetadata()/keepMetadata(): sharp writes no EXIF, XMP, IPTC or ICC and converts to sRGB.
      .webp({ quality: STORED_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: 'image/webp' };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooLarge();
    throw notAnImage();
  }
}
