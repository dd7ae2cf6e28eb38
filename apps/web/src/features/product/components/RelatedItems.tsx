import { RELATED_SKELETONS, type PublicProduct } from '@marketplace/shared';
import { useEffect } from 'react';
import { ProductGrid } from '../../../components/ProductGrid';
import { useAsync } from '../../../lib/use-async';
import { fetchRelated } from '../api';
import { useI18n } from '../../../i18n/context';

/** Related Items: 3 skeletons, then cards with their real watcher counts, or the empty state. */
export function RelatedItems({ product }: { product: PublicProduct }) {
  const i18n = useI18n();
  const related = useAsync(`related:${product.id}`, (signal) => fetchRelated(product, signal));
  const error = related.status === 'error' ? related.error : null;
  useEffect(() => {
    if (error) console.error('Could not load related items', error);
  }, [error]);

  return (
    <section aria-labelledby="related-items" className="mt-10">
      <h2 id="related-items" className="section-title mb-3">
        {i18n._('Related Items')}
      </h2>
      <ProductGrid
        label={i18n._('Related Items')}
        loading={related.status === 'loading'}
        products={related.status === 'success' ? related.data : []}
        skeletons={RELATED_SKELETONS}
        showWatchers
      />
    </section>
  );
}
