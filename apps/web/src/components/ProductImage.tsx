import { imageUrl, type ImageSize } from '../lib/images';
import { ImageIcon } from './icons';

interface ProductImageProps {
  file: string | null;
  alt: string;
  size: ImageSize;
  /** Classes of the box; it must fix the aspect ratio so nothing moves when the image arrives. */
  className?: string;
  /** Fit inside the box (detail stage) instead of filling it (cards). */
  contain?: boolean;
  eager?: boolean;
}

/** A product photo at exactly its slot's size, or a quiet placeholder when the product has none. */
export function ProductImage({ file, alt, size, className = '', contain = false, eager = false }: ProductImageProps) {
  if (!file) {
    return (
      <div className={`flex flex-col items-center justify-center gap-1 bg-stone-200 text-stone-600 ${className}`} role="img" aria-label={`${alt}: no photo`}>
        <ImageIcon />
        <span className="text-xs">No photo</span>
      </div>
    );
  }
  return (
    <img
      src={imageUrl(file, size)}
      alt={alt}
      width={size.w}
      height={size.h ?? 500}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`bg-stone-200 ${contain ? 'object-contain' : 'object-cover'} ${className}`}
    />
  );
}
