import { HOME_GRID_SIZE } from '@marketplace/shared';
import { useEffect, type ReactNode } from 'react';
import { ProductGrid } from '../../components/ProductGrid';
import type { CardProduct } from '../../lib/product-types';
import { useAsync, type AsyncState } from '../../lib/use-async';
import { pageTitle } from '../../lib/brand';
import { fetchFeatured, fetchNewest } from './api';
import { HeroCarousel } from './components/HeroCarousel';
import { StartSellingBanner } from './components/StartSellingBanner';
import { SLIDES } from './slides';

/** Spec 4: a failed home call is only logged; its grid then shows the empty state, never an error. */
function useProducts(state: AsyncState<CardProduct[]>, what: string): CardProduct[] {
  const error = state.status === 'error' ? state.error : null;
  useEffect(() => {
    if (error) console.error(`Home: could not load ${what}`, error);
  }, [error, what]);
  return state.status === 'success' ? state.data : [];
}

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
  const featured = useAsync('featured', fetchFeatured);
  const newest = useAsync('newest', fetchNewest);
  const featuredProducts = useProducts(featured, 'featured items');
  const newestProducts = useProducts(newest, 'new items');

  return (
    <div className="space-y-8">
      <title>{pageTitle()}</title>
      <h1 className="sr-only">Second-hand electronics in Malawi</h1>
      <HeroCarousel slides={SLIDES} />
      <Section id="featured-items" title="Featured Items">
        <ProductGrid label="Featured Items" loading={featured.status === 'loading'} products={featuredProducts} skeletons={HOME_GRID_SIZE} />
      </Section>
      <Section id="new-items" title="Explore New Items">
        <ProductGrid label="Explore New Items" loading={newest.status === 'loading'} products={newestProducts} skeletons={HOME_GRID_SIZE} />
      </Section>
      <StartSellingBanner />
    </div>
  );
}
