import fs from 'node:fs/promises';
import type { Metadata } from 'sharp';
import { HttpError } from '../../plugins/errors.js';
import { decodeCost, MAX_DECODE_BYTES } from './decode-cost.js';
import { loadSharp } from './sharp.js';

/** Largest decoded size accepted: 50 megapixels covers every phone camera's default mode. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** A photo has one frame; only the first page of anything is decoded, and a header listing more is not a photo. */
export const MAX_PAGES = 100;
/** Stored originals are bounded to this largest side; variants are rendered from them. */
export const MAX_STORED_SIDE = 1600;
const STORED_QUALITY = 82;
/** A pathological input must not hold one of the queue's two turns for long; a budget-sized decode takes under 1 s. */
const PROCESS_TIMEOUT_SECONDS = 10;

export interface NormalizedImage {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
}

/** What the header said, checked: safe to decode within `decodeBytes`. */
export interface InspectedImage {
  meta: Metadata;
  decodeBytes: number;
}

/**
 * An image's bytes, or the path of a file holding them (an upload, spooled to disk by upload.ts): libvips
 * then reads the file as it decodes, so the undecoded bytes are never in memory at once.
 */
export type ImageInput = Buffer | string;

export interface ImageLimits {
  /** Estimated decode memory allowed for one image (tests lower it to stay fast). */
  maxDecodeBytes?: number;
}

/** Raster formats we hand to libvips; vector and document loaders (SVG, PDF, magick) are never reached. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

const notAnImage = () => new HttpError(400, 'File is not a supported image');
const tooLarge = () => new HttpError(400, `Image is too large (max ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`);
const tooManyFrames = () => new HttpError(400, `Image has too many frames (max ${MAX_PAGES})`);
export const tooCostlyMessage = (maxDecodeBytes: number) =>
  `Image is too large to process (max ${Math.round(maxDecodeBytes / (1024 * 1024))} MB when decoded). Please send a smaller photo.`;

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

/** The first bytes, where the magic numbers are. */
async function headOf(input: ImageInput): Promise<Buffer> {
  if (typeof input !== 'string') return input;
  const file = await fs.open(input, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Reads the header only (no pixel is decoded) and refuses what would be too costly to decode: too many
 * pixels, too many frames, or more memory than `maxDecodeBytes` by decode-cost.ts's estimate, which
 * counts bytes (channels and 16-bit samples included), not just pixels. A decompression bomb or an
 * interlaced 16-bit monster costs a header read.
 */
export async function inspectImage(
  input: ImageInput,
  { maxDecodeBytes = MAX_DECODE_BYTES }: ImageLimits = {},
): Promise<InspectedImage> {
  if (!hasRasterSignature(await headOf(input))) throw notAnImage();

  let meta: Metadata;
  const sharp = await loadSharp();
  try {
    // The pixel limit is ours to check just below, with our message.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw notAnImage();
  // For a multi-page image only the first page is decoded; its height is pageHeight.
  const pageHeight = meta.pageHeight ?? meta.height;
  if (meta.width * pageHeight > MAX_INPUT_PIXELS) throw tooLarge();
  if ((meta.pages ?? 1) > MAX_PAGES) throw tooManyFrames();
  const decodeBytes = decodeCost(meta, MAX_STORED_SIDE);
  if (decodeBytes > maxDecodeBytes) throw new HttpError(400, tooCostlyMessage(maxDecodeBytes));
  return { meta, decodeBytes };
}

/**
 * Decodes an inspected image into the stored form: auto-oriented, every piece of metadata (EXIF, GPS,
 * XMP, IPTC, ICC, comments) dropped, the largest side bounded, re-encoded as WebP.
 */
export async function decodeImage(input: ImageInput): Promise<NormalizedImage> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS, // second guard, enforced by libvips itself
      sequentialRead: true, // stream rows where the format allows, rather than holding the whole image
      failOn: 'error', // truncated or corrupt data is refused, not padded with grey
      pages: 1,
      autoOrient: true,
    })
      .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
      // With a size set, sharp decodes a JPEG at 1/2, 1/4 or 1/8 scale (and a WebP scaled) while loading.
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      // No withMetadata()/keepMetadata(): sharp writes no EXIF, XMP, IPTC or ICC and converts to sRGB.
      .webp({ quality: STORED_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: 'image/webp' };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooLarge();
    if (error instanceof Error && /timeout/i.test(error.message))
      throw new HttpError(400, 'Image took too long to process. Please send a smaller photo.');
    throw notAnImage();
  }
}

/** Inspects then decodes, outside the upload queue: for tests and trusted callers. Uploads go through readMultipart. */
export async function normalizeImage(input: ImageInput, limits: ImageLimits = {}): Promise<NormalizedImage> {
  await inspectImage(input, limits);
  return decodeImage(input);
}
