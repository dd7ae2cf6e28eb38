import { HOME_GRID_SIZE } from '@marketplace/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { PageMeta } from '../../components/PageMeta';
import { ProductGrid } from '../../components/ProductGrid';
import type { CardProduct } from '../../lib/product-types';
import { useAsync, type AsyncState } from '../../lib/use-async';
import { pageTitle } from '../../lib/brand';
import { useI18n } from '../../i18n/context';
import { fetchFeatured, fetchNewest } from './api';
import { HeroCarousel } from './components/HeroCarousel';
import { StartSellingBanner } from './components/StartSellingBanner';
import { SLIDES } from './slides';

/**
 * A failed home call is only logged (docs/product.md#home); its grid then shows the empty state, never an error text.
 * Offline, the grid says so instead (ProductGrid), since "No products available" would be untrue.
 */
function useGrid(state: AsyncState<CardProduct[]>, what: string) {
  const error = state.status === 'error' ? state.error : null;
  useEffect(() => {
    if (error) console.error(`Home: could not load ${what}`, error);
  }, [error, what]);
  return { loading: state.status === 'loading', products: state.status === 'success' ? state.data : [], error };
}

const HOME_DESCRIPTION =
  /*i18n*/ 'Buy and sell second-hand phones, laptops, TVs and more in Malawi. Prices in MWK, collect and pay at a partner shop.';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="section-title mb-3">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function HomePage() {
  // Try again reloads both lists: offline, both failed.
  const [round, setRound] = useState(0);
  const retry = () => setRound((n) => n + 1);
  const featured = useGrid(useAsync(`featured:${round}`, fetchFeatured), 'featured items');
  const newest = useGrid(useAsync(`newest:${round}`, fetchNewest), 'new items');
  const i18n = useI18n();

  return (
    <div className="space-y-8">
      <PageMeta title={pageTitle(null, i18n)} description={i18n._(HOME_DESCRIPTION)} path="/" />
      <h1 className="sr-only">{i18n._('Second-hand electronics in Malawi')}</h1>
      <HeroCarousel slides={SLIDES} />
      <Section id="featured-items" title={i18n._('Featured Items')}>
        <ProductGrid
          label={i18n._('Featured Items')}
          skeletons={HOME_GRID_SIZE}
          onRetry={retry}
          eager={2}
          {...featured}
        />
      </Section>
      <Section id="new-items" title={i18n._('Explore New Items')}>
        <ProductGrid label={i18n._('Explore New Items')} skeletons={HOME_GRID_SIZE} onRetry={retry} {...newest} />
      </Section>
      <StartSellingBanner />
    </div>
  );
}
