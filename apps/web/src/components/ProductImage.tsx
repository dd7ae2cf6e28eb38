import { preload } from 'react-dom';
import { imageUrl, srcSetOf, type ImageSize } from '../lib/images';
import { ImageIcon } from './icons';

interface ProductImageProps {
  file: string | null;
  alt: string;
  size: ImageSize;
  /** Same-shaped sizes the browser picks from by `sizes` (grids). */
  srcSet?: readonly ImageSize[];
  sizes?: string;
  /** Classes of the box; it must fix the aspect ratio so nothing moves when the image arrives. */
  className?: string;
  /** Fit inside the box (detail stage) instead of filling it (cards). */
  contain?: boolean;
  /** Above the fold: load at once. */
  eager?: boolean;
  /** The page's main picture (its LCP): preloaded from the HTML's head at high priority. */
  priority?: boolean;
}

/** A product photo at exactly its slot's size, or a quiet placeholder when the product has none. */
export function ProductImage({ file, alt, size, srcSet, sizes, className = '', contain = false, eager = false, priority = false }: ProductImageProps) {
  if (!file) {
    return (
      <div className={`flex flex-col items-center justify-center gap-1 bg-stone-200 text-stone-600 ${className}`} role="img" aria-label={`${alt}: no photo`}>
        <ImageIcon />
        <span className="text-xs">No photo</span>
      </div>
    );
  }
  const src = imageUrl(file, size);
  const set = srcSet ? srcSetOf(file, srcSet) : undefined;
  if (priority) preload(src, { as: 'image', fetchPriority: 'high', imageSrcSet: set, imageSizes: set ? sizes : undefined });
  return (
    <img
      src={src}
      srcSet={set}
      sizes={set ? sizes : undefined}
      alt={alt}
      width={size.w}
      height={size.h ?? 500}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={`bg-stone-200 ${contain ? 'object-contain' : 'object-cover'} ${className}`}
    />
  );
}
