import { imageName } from '@marketplace/shared';
import { API_BASE } from './config';
import type { CardProduct } from './product-types';

/** Sizes the image endpoint accepts (w 200/400/700/1200, h 500, q 80); anything else is a 400. */
export type ImageWidth = 200 | 400 | 700 | 1200;
export interface ImageSize {
  w: ImageWidth;
  h?: 500;
  fit?: 'cover' | 'contain';
}

/** Spec 3: the card image is cover_image_url, otherwise the first gallery entry, otherwise the first image. */
export function cardImageFile(product: Pick<CardProduct, 'cover_image_url' | 'image_gallery' | 'images'>): string | null {
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

/** Card slot: about 400 px wide at 4:5, the same URL everywhere so the browser cache is shared. */
export const CARD_IMAGE: ImageSize = { w: 400, h: 500, fit: 'cover' };
/** Detail slot: whole product visible (no crop) on a 7:5 stage. */
export const DETAIL_IMAGE: ImageSize = { w: 700, h: 500, fit: 'contain' };
