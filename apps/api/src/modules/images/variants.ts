import { z } from 'zod';
import { IMAGE_FITS, IMAGE_HEIGHTS, IMAGE_QUALITIES, IMAGE_WIDTHS } from '@marketplace/shared';
import { MAX_INPUT_PIXELS } from './normalize.js';
import { loadSharp } from './sharp.js';

type Width = (typeof IMAGE_WIDTHS)[number];
type Height = (typeof IMAGE_HEIGHTS)[number];
type Quality = (typeof IMAGE_QUALITIES)[number];
type Fit = (typeof IMAGE_FITS)[number];

/**
 * A query value is text; it must be one of the allowed numbers, written as the number. Only the sizes
 * of the allow-list are ever rendered, so the variant cache holds a bounded number of rows per image.
 */
function allowedNumber<T extends number>(name: string, allowed: readonly T[]) {
  const texts = allowed.map(String) as [string, ...string[]];
  return z
    .enum(texts, { error: `${name} must be one of ${allowed.join(', ')}` })
    .transform((value) => Number(value) as T)
    .optional();
}

export const imageVariantQuerySchema = z.object({
  w: allowedNumber<Width>('w', IMAGE_WIDTHS).describe('Width in pixels'),
  h: allowedNumber<Height>('h', IMAGE_HEIGHTS).describe('Height in pixels'),
  fit: z
    .enum(IMAGE_FITS, { error: `fit must be one of ${IMAGE_FITS.join(', ')}` })
    .optional()
    .describe('How the image fills w x h when both are given (default cover)'),
  q: allowedNumber<Quality>('q', IMAGE_QUALITIES).describe('WebP quality'),
});
export type ImageVariantQuery = z.infer<typeof imageVariantQuerySchema>;

/** A variant with its defaults resolved; two queries that render the same bytes resolve alike. */
interface VariantSpec {
  width?: Width;
  height?: Height;
  /** Only meaningful when both width and height are set. */
  fit?: Fit;
  quality: Quality;
}

const DEFAULT_QUALITY: Quality = IMAGE_QUALITIES[0];

/** null when the query asks for the original (no size and no quality). */
function resolveVariant(query: ImageVariantQuery): VariantSpec | null {
  const { w, h, q } = query;
  if (w === undefined && h === undefined && q === undefined) return null;
  const spec: VariantSpec = { quality: q ?? DEFAULT_QUALITY };
  if (w !== undefined) spec.width = w;
  if (h !== undefined) spec.height = h;
  if (w !== undefined && h !== undefined) spec.fit = query.fit ?? 'cover';
  return spec;
}

/** 'w400-h500-cover-q80', 'w400-q80', 'h500-q80', 'q80'; null for the original. */
export function variantKey(query: ImageVariantQuery): string | null {
  const spec = resolveVariant(query);
  if (!spec) return null;
  const parts: string[] = [];
  if (spec.width !== undefined) parts.push(`w${spec.width}`);
  if (spec.height !== undefined) parts.push(`h${spec.height}`);
  if (spec.fit !== undefined) parts.push(spec.fit);
  parts.push(`q${spec.quality}`);
  return parts.join('-');
}

/**
 * Renders a variant of a stored image as WebP. The output has exactly the requested width and/or
 * height (enlarging when the original is smaller), so a page can reserve the slot before it loads.
 * `contain` pads with white, the colour of the cards the images sit on.
 */
export async function renderVariant(
  data: Buffer,
  query: ImageVariantQuery,
  format: 'webp' | 'avif' = 'webp',
): Promise<Buffer> {
  const spec = resolveVariant(query) ?? { quality: DEFAULT_QUALITY };
  const sharp = await loadSharp();
  let pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  if (spec.width !== undefined || spec.height !== undefined) {
    pipeline = pipeline.resize({
      width: spec.width,
      height: spec.height,
      fit: spec.fit ?? 'cover',
      background: { r: 255, g: 255, b: 255, alpha: 1 },
    });
  }
  return format === 'avif'
    ? pipeline.avif({ quality: AVIF_QUALITY[spec.quality], effort: 4 }).toBuffer()
    : pipeline.webp({ quality: spec.quality }).toBuffer();
}

// AVIF's quality scale runs lower than WebP's for the same look: q55 looks like WebP's q80 on the demo photos.
const AVIF_QUALITY: Record<Quality, number> = Object.fromEntries(
  IMAGE_QUALITIES.map((q) => [q, Math.round(q * 0.7)]),
) as Record<Quality, number>;

/** The variant key under which the smaller of a variant's AVIF and WebP renderings is kept. */
export const avifKey = (key: string) => `${key}-avif`;

/** Stored bytes are WebP or AVIF; the bytes say which. */
export function imageType(bytes: Buffer): 'image/avif' | 'image/webp' {
  return bytes.subarray(4, 12).toString('latin1') === 'ftypavif' ? 'image/avif' : 'image/webp';
}
