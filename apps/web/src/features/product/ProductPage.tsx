import { Link, useParams } from 'react-router';
import { useAsync } from '../../lib/use-async';
import { pageTitle } from '../../lib/brand';
import { fetchProduct, productErrorText } from './api';
import { ProductDetails } from './components/ProductDetails';
import { ProductSkeleton } from './components/ProductSkeleton';
import { RelatedItems } from './components/RelatedItems';

// The shop block sits below the fold on a phone: its code (phone links included) comes in a chunk of its
// own, fetched alongside the product, so it adds no wait and stays out of the first-screen budget.
const loadWhereItIs = () => import('./components/WhereItIs');

/** /product/{id}: loading, then the product or an error in red (spec 4). */
export function ProductPage() {
  const id = useParams().id ?? '';
  const state = useAsync(`product:${id}`, async (signal) => {
    const [product, { WhereItIs }] = await Promise.all([fetchProduct(id, signal), loadWhereItIs()]);
    return { product, WhereItIs };
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
      <ProductDetails key={product.id} product={product} whereItIs={loaded && <loaded.WhereItIs product={product} />} />
      <RelatedItems product={product} />
    </>
  );
}
