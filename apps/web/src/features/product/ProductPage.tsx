import { Link, useParams } from 'react-router';
import { useAsync } from '../../lib/use-async';
import { pageTitle } from '../../lib/brand';
import { fetchProduct, productErrorText } from './api';
import { ProductSkeleton } from './components/ProductSkeleton';
import { RelatedItems } from './components/RelatedItems';

// The product's view (gallery, interest, the shop block with its phone links) comes in a chunk of its own,
// fetched alongside the product itself: it adds no wait on 3G, and the first screen stays inside the 90 KB budget.
const loadDetails = () => import('./components/ProductDetails');

/** /product/{id}: loading, then the product or an error in red (spec 4). */
export function ProductPage() {
  const id = useParams().id ?? '';
  const state = useAsync(`product:${id}`, async (signal) => {
    const [product, { ProductDetails }] = await Promise.all([fetchProduct(id, signal), loadDetails()]);
    return { product, ProductDetails };
  });
  const loaded = state.status === 'success' ? state.data : null;
  const product = loaded?.product && typeof loaded.product.id === 'number' ? loaded.product : null;
  const errorText = state.status === 'error' ? productErrorText(state.error) : state.status === 'success' && !product ? 'Product not found' : null;
  const title = <title>{pageTitle(product ? product.name : errorText)}</title>;

  if (state.status === 'loading') return <ProductSkeleton />;
  if (!product) {
    return (
      <section className="py-10 text-center">
        {title}
        <h1 className="text-2xl font-bold text-red-700">
          {errorText}
        </h1>
        <Link to="/discover" className="btn btn-primary mt-6">
          Browse other items
        </Link>
      </section>
    );
  }
  return (
    <>
      {title}
      {loaded && <loaded.ProductDetails key={product.id} product={product} />}
      <RelatedItems product={product} />
    </>
  );
}
