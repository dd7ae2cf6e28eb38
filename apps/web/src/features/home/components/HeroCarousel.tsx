import { CAROUSEL_INTERVAL_MS, HERO_HEIGHT, HERO_WIDTHS } from '@marketplace/shared';
import { useContext, useEffect, useState } from 'react';
import { PhotosOnTap } from '../../../lib/data-saver';
import { PreloadImage } from '../../../lib/head';
import { Link } from '../../../lib/router';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './carousel-icons';
import { heroImageUrl, heroSrcSet } from '../hero-images';
import type { Slide } from '../slides';
import { usePageVisible } from './use-page-visible';
import { useI18n } from '../../../i18n/context';

const SWIPE_PX = 40;
const HERO_SIZES = '(min-width: 1152px) 1120px, 100vw';

/**
 * The home carousel, after the WAI-ARIA carousel pattern: advances every 10 s, previous/next buttons,
 * swipe on touch, a stop button, and no rotation while the tab is hidden or keyboard focus is inside.
 */
export function HeroCarousel({ slides }: { slides: readonly Slide[] }) {
  const [current, setCurrent] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const [touchX, setTouchX] = useState<number | null>(null);
  const pageVisible = usePageVisible();
  const count = slides.length;
  const rotating = !stopped && !keyboardFocus && pageVisible;
  // Under data saver the banners go without their pictures: the teal background and the text carry them.
  const pictures = !useContext(PhotosOnTap);
  const i18n = useI18n();

  // Re-armed after every change, so a manual move also gives the new slide its full 10 seconds.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setCurrent((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, current, count]);

  const first = slides[0];
  const show = (step: number) => setCurrent((i) => (i + step + count) % count);

  return (
    <section
      aria-roledescription={i18n._('carousel')}
      aria-label={i18n._('Highlights')}
      className="on-dark relative aspect-[4/3] w-full touch-pan-y overflow-hidden rounded-lg bg-teal-900 sm:aspect-[7/3] lg:aspect-[12/5]"
      onFocus={(e) => setKeyboardFocus(isFocusVisible(e.target))}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setKeyboardFocus(false)}
      onTouchStart={(e) => setTouchX(e.touches[0]?.clientX ?? null)}
      onTouchEnd={(e) => {
        const dx = (e.changedTouches[0]?.clientX ?? 0) - (touchX ?? 0);
        if (touchX !== null && Math.abs(dx) > SWIPE_PX) show(dx < 0 ? 1 : -1);
        setTouchX(null);
      }}
    >
      {/* The first slide is the home page's main picture: the HTML's head asks for it before anything else. */}
      {first && pictures && (
        <PreloadImage
          href={heroImageUrl(first.image, 700)}
          srcSet={heroSrcSet(first.image, HERO_WIDTHS)}
          sizes={HERO_SIZES}
        />
      )}
      <div aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <div
            key={slide.image}
            role="group"
            aria-roledescription={i18n._('slide')}
            aria-label={i18n._('{number} of {count}', { number: index + 1, count })}
            hidden={index !== current}
            className="absolute inset-0"
            data-testid="hero-slide"
          >
            {pictures && (
              <img
                src={heroImageUrl(slide.image, 700)}
                srcSet={heroSrcSet(slide.image, HERO_WIDTHS)}
                sizes={HERO_SIZES}
                width={1200}
                height={HERO_HEIGHT}
                alt={i18n._(slide.alt)}
                // The first slide is the page's main picture; hidden slides (display:none + lazy) load only when shown.
                loading={index ? 'lazy' : 'eager'}
                fetchPriority={index ? 'low' : 'high'}
                decoding="async"
                // Until the hero images exist the teal background and the text carry the slide alone.
                onError={(e) => (e.currentTarget.hidden = true)}
                className="h-full w-full object-cover"
              />
            )}
            <div className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/80 via-black/45 to-black/10 p-4 pb-16 text-white sm:p-8 sm:pb-16">
              <p className="text-2xl font-extrabold sm:text-4xl">{i18n._(slide.title)}</p>
              <p className="mt-1 max-w-md text-sm sm:text-base">{i18n._(slide.text)}</p>
              <Link to={slide.link.to} className="btn btn-light mt-3 w-fit px-4">
                {i18n._(slide.link.label)}
              </Link>
            </div>
          </div>
        ))}
      </div>
      <div className="absolute right-3 bottom-3 flex gap-2">
        <button
          type="button"
          className="btn-round"
          onClick={() => setStopped(!stopped)}
          aria-label={stopped ? i18n._('Start slide rotation') : i18n._('Stop slide rotation')}
        >
          {stopped ? <PlayIcon width={20} height={20} /> : <PauseIcon width={20} height={20} />}
        </button>
        <button type="button" className="btn-round" onClick={() => show(-1)} aria-label={i18n._('Previous slide')}>
          <ChevronLeftIcon />
        </button>
        <button type="button" className="btn-round" onClick={() => show(1)} aria-label={i18n._('Next slide')}>
          <ChevronRightIcon />
        </button>
      </div>
      <p className="absolute bottom-5 left-4 text-sm font-semibold text-white" aria-hidden="true">
        {current + 1} / {count}
      </p>
    </section>
  );
}

function isFocusVisible(element: EventTarget): boolean {
  try {
    return element instanceof Element && element.matches(':focus-visible');
  } catch {
    return false; // Engines without :focus-visible: never pause on focus rather than pause on every tap.
  }
}
