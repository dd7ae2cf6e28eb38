import { Suspense } from 'react';
import { Link, useParams } from '../../lib/router';
import { lazyPage } from '../../lib/lazy-page';
import { useAsync } from '../../lib/use-async';
import { pageTitle } from '../../lib/brand';
import { Title } from '../../lib/head';
import { useI18n } from '../../i18n/context';
import { fetchProduct, productErrorText } from './api';
import { ProductMeta } from './components/ProductMeta';
import { ProductSkeleton } from './components/ProductSkeleton';
import { RelatedItems } from './components/RelatedItems';

// The product's view (gallery, interest, the shop block with its phone links) comes in a chunk of its own,
// fetched alongside the product itself: it adds no wait on 3G, and the first screen stays inside the budget.
const loadDetails = () => import('./components/ProductDetails');
const ProductDetails = lazyPage(loadDetails, 'ProductDetails');
const ProductActions = lazyPage(loadDetails, 'ProductActions');

/** /product/{id}: loading, then the product or an error in red (docs/product.md#product-page-states). */
export function ProductPage() {
  const id = useParams().id ?? '';
  const i18n = useI18n();
  const state = useAsync(`product:${id}`, async (signal) => {
    void loadDetails().catch(() => undefined);
    return fetchProduct(id, signal);
  });
  const loaded = state.status === 'success' ? state.data : null;
  const product = loaded && typeof loaded.id === 'number' ? loaded : null;
  const errorText =
    state.status === 'error'
      ? productErrorText(state.error)
      : state.status === 'success' && !product
        ? /*i18n*/ 'Product not found'
        : null;
  const errorShown = errorText && i18n._(errorText);

  if (state.status === 'loading') return <ProductSkeleton />;
  if (!product) {
    return (
      <section className="py-10 text-center">
        <Title>{pageTitle(errorShown)}</Title>
        <h1 className="text-2xl font-bold text-red-700">{errorShown}</h1>
        <Link to="/discover" className="btn btn-primary mt-6">
          {i18n._('Browse other items')}
        </Link>
      </section>
    );
  }
  return (
    <>
      <ProductMeta product={product} />
      <Suspense fallback={<ProductSkeleton />}>
        <ProductDetails key={product.id} product={product} />
        <ProductActions key={`actions-${product.id}`} product={product} />
      </Suspense>
      <RelatedItems product={product} />
    </>
  );
}
