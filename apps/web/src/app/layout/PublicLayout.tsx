import { Suspense } from 'react';
import { Outlet } from '../../lib/router';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { PhotosOnTap, useDataSaver } from '../../lib/data-saver';
import { lazyPage } from '../../lib/lazy-page';
import { CategoryShortcuts } from './CategoryShortcuts';
import { OfflineLine } from './OfflineLine';
import { PageFallback } from './PageFallback';
import { PromoBar } from './PromoBar';
import { ScrollToTop } from './ScrollToTop';
import { useStorefrontCategories } from './storefront-categories';
import { TopBar } from './TopBar';
import { useI18n } from '../../i18n/context';

// The footer is below the fold on every screen: its code comes in its own chunk, in parallel with the
// screen's, so it does not count against the first screen's JS budget.
const Footer = lazyPage(() => import('./Footer'), 'Footer');
const HOME = { to: '/', label: /*i18n*/ 'Go to the home page' };

/**
 * The public shell (docs/product.md#public-shell): the screens render inside it while their own chunk loads; a screen
 * that fails leaves the top bar usable.
 */
export function PublicLayout() {
  // Data saver (the footer's switch): product photos on public screens wait for a tap.
  const dataSaver = useDataSaver();
  const i18n = useI18n();
  // Once for the row and the menu both: the server's render embeds it, so the first paint has them all.
  const categories = useStorefrontCategories();
  return (
    <PhotosOnTap value={dataSaver}>
      <div className="flex min-h-screen flex-col">
        <ScrollToTop />
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-3 font-semibold text-teal-800 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
        >
          {i18n._('Skip to content')}
        </a>
        <PromoBar />
        <TopBar categories={categories} />
        <OfflineLine />
        <CategoryShortcuts names={categories} />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-4 outline-none sm:py-6">
          <ErrorBoundary home={HOME}>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        <ErrorBoundary>
          <Suspense fallback={<div className="mt-8 h-64 bg-stone-900" />}>
            <Footer />
          </Suspense>
        </ErrorBoundary>
      </div>
    </PhotosOnTap>
  );
}
