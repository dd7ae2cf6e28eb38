import { imageName } from '@marketplace/shared';
import type { CardProduct } from '../../lib/product-types';

/** Every image of a product once, cover first, for the detail gallery. */
export function galleryFiles(product: Pick<CardProduct, 'cover_image_url' | 'image_gallery' | 'images'>): string[] {
  const all = [product.cover_image_url, ...(product.image_gallery ?? []), ...(product.images ?? [])];
  const seen = new Set<string>();
  const files: string[] = [];
  for (const file of all) {
    if (!file) continue;
    const name = imageName(file);
    if (!name || seen.has(name)) continue;
    seen.add(name);
    files.push(file);
  }
  return files;
}
