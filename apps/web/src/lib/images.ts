import { imageName } from '@marketplace/shared';
import { API_BASE } from './config';
import type { CardProduct } from './product-types';

/** Sizes the image endpoint accepts (w 200/400/700/1200, h 250/500/630/875, q 80); anything else is a 400. */
type ImageWidth = 200 | 400 | 700 | 1200;
export interface ImageSize {
  w: ImageWidth;
  h?: 250 | 500 | 630 | 875;
  fit?: 'cover' | 'contain';
}

/** The card image is cover_image_url, otherwise the first gallery entry, otherwise the first image. */
export function cardImageFile(
  product: Pick<CardProduct, 'cover_image_url' | 'image_gallery' | 'images'>,
): string | null {
  return product.cover_image_url || product.image_gallery?.[0] || product.images?.[0] || null;
}

function sizeQuery(size: ImageSize): string {
  const params = new URLSearchParams({ w: String(size.w) });
  if (size.h) params.set('h', String(size.h));
  params.set('fit', size.fit ?? 'cover');
  params.set('q', '80');
  return params.toString();
}

/** URL of a stored image; with a size, the server's resized WebP of exactly that slot. */
export function imageUrl(file: string, size?: ImageSize): string {
  const base = `${API_BASE}/images/${encodeURIComponent(imageName(file))}`;
  return size ? `${base}?${sizeQuery(size)}` : base;
}

export function srcSetOf(file: string, sizes: readonly ImageSize[]): string {
  return sizes.map((size) => `${imageUrl(file, size)} ${size.w}w`).join(', ');
}

/** Card slot, 4:5; 400x500 by default everywhere (basket, account, thumbnails) so the browser cache is shared. */
export const CARD_IMAGE: ImageSize = { w: 400, h: 500, fit: 'cover' };
/** In grids the browser picks by width: half a phone's width (about 170 px, 340-510 device pixels), a quarter of a wide page. */
export const CARD_SRCSET: readonly ImageSize[] = [
  { w: 200, h: 250, fit: 'cover' },
  CARD_IMAGE,
  { w: 700, h: 875, fit: 'cover' },
];
export const CARD_SIZES = '(min-width: 1152px) 270px, (min-width: 1024px) 23vw, (min-width: 640px) 31vw, 46vw';
/** Detail slot: whole product visible (no crop) on a 7:5 stage. */
export const DETAIL_IMAGE: ImageSize = { w: 700, h: 500, fit: 'contain' };
/** Open Graph's 1.91:1 picture for shared links. */
export const SHARE_IMAGE: ImageSize = { w: 1200, h: 630, fit: 'cover' };
