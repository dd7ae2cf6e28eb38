import { RELATED_SKELETONS, type PublicProduct } from '@marketplace/shared';
import { useEffect } from 'react';
import { ProductGrid } from '../../../components/ProductGrid';
import { useAsync } from '../../../lib/use-async';
import { fetchRelated } from '../api';
import { useI18n } from '../../../i18n/context';

/** Related Items (Similar items on sale, for a sold item): 3 skeletons, then cards with their real watcher counts, or the empty state. */
export function RelatedItems({ product }: { product: PublicProduct }) {
  const i18n = useI18n();
  const related = useAsync(`related:${product.id}`, (signal) => fetchRelated(product, signal));
  const error = related.status === 'error' ? related.error : null;
  useEffect(() => {
    if (error) console.error('Could not load related items', error);
  }, [error]);

  // A sold item's page points on to what can still be bought (docs/decisions/0066).
  const heading = product.sold ? i18n._('Similar items on sale') : i18n._('Related Items');
  return (
    <section aria-labelledby="related-items" className="mt-10">
      <h2 id="related-items" className="section-title mb-3">
        {heading}
      </h2>
      <ProductGrid
        label={heading}
        loading={related.status === 'loading'}
        products={related.status === 'success' ? related.data : []}
        skeletons={RELATED_SKELETONS}
        showWatchers
      />
    </section>
  );
}
