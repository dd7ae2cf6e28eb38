import { useContext, useState } from 'react';
import { PhotosOnTap } from '../lib/data-saver';
import { PreloadImage } from '../lib/head';
import { imageUrl, srcSetOf, type ImageSize } from '../lib/images';
import { ImageIcon } from './icons';
import { useI18n } from '../i18n/context';

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
  /** Under data saver, a tap shows the photo; false where the image sits inside a link (a basket line). */
  tapToShow?: boolean;
}

const PLACEHOLDER = 'flex flex-col items-center justify-center gap-1 bg-stone-200 text-stone-600';

/**
 * A product photo at exactly its slot's size, or a quiet placeholder when the product has none. Under data
 * saver the placeholder, of the same size, asks for a tap first: nothing is fetched or preloaded before it.
 */
export function ProductImage({
  file,
  alt,
  size,
  srcSet,
  sizes,
  className = '',
  contain = false,
  eager = false,
  priority = false,
  tapToShow = true,
}: ProductImageProps) {
  const onTap = useContext(PhotosOnTap);
  // Kept across a change of `file`: in a gallery, the photo chosen next shows at once.
  const [tapped, setTapped] = useState(false);
  const i18n = useI18n();
  if (!file) {
    return (
      <div className={`${PLACEHOLDER} ${className}`} role="img" aria-label={i18n._('{name}: no photo', { name: alt })}>
        <ImageIcon />
        <span className="text-xs">{i18n._('No photo')}</span>
      </div>
    );
  }
  if (onTap && !tapped) {
    if (!tapToShow) {
      return (
        <div
          className={`${PLACEHOLDER} ${className}`}
          role="img"
          aria-label={i18n._('{name}: photo not loaded (data saver)', { name: alt })}
        >
          <ImageIcon />
        </div>
      );
    }
    // The button is raised above a card's stretched link (z-10), so a tap on it shows the photo while a tap
    // elsewhere on the card still opens the product; it leaves the corner badge (Sold) in view.
    return (
      <div className={`${PLACEHOLDER} ${className}`}>
        <button
          type="button"
          className="relative z-10 flex min-h-11 flex-col items-center gap-1 rounded-md px-3 py-2 text-center hover:bg-stone-300"
          onClick={() => setTapped(true)}
        >
          <ImageIcon />
          <span className="text-xs font-medium">
            {i18n._('Tap to show photo')}
            <span className="sr-only"> {i18n._('of {name}', { name: alt })}</span>
          </span>
        </button>
      </div>
    );
  }
  const src = imageUrl(file, size);
  const set = srcSet ? srcSetOf(file, srcSet) : undefined;
  return (
    <>
      {/* Once tapped the photo is already on its way; before, under data saver, nothing is asked for. */}
      {priority && !tapped && <PreloadImage href={src} srcSet={set} sizes={set ? sizes : undefined} />}
      <img
        src={src}
        srcSet={set}
        sizes={set ? sizes : undefined}
        alt={alt}
        width={size.w}
        height={size.h ?? 500}
        loading={eager || priority || tapped ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className={`bg-stone-200 ${contain ? 'object-contain' : 'object-cover'} ${className}`}
      />
    </>
  );
}
