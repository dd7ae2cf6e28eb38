import type { PublicProduct } from '@marketplace/shared';
import { ShopContact } from '../../../components/ShopContact';
import { useOrigin } from '../../../lib/use-origin';
import { useI18n } from '../../../i18n/context';

/** The partner shop holding the item: where to see it, collect it and pay. */
export function WhereItIs({ product }: { product: PublicProduct }) {
  const origin = useOrigin();
  const i18n = useI18n();
  if (!product.shop) return null;
  return (
    <section aria-labelledby="shop-heading" className="card p-4">
      <h2 id="shop-heading" className="mb-2 text-lg font-semibold text-stone-900">
        {i18n._('Where the item is')}
      </h2>
      <ShopContact shop={product.shop} whatsappText={`${product.name} ${origin}/product/${product.id}`} />
    </section>
  );
}
