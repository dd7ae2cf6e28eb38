import { formatMoney, type PublicProduct } from '@marketplace/shared';
import { PageMeta } from '../../../components/PageMeta';
import { pageTitle } from '../../../lib/brand';
import { cardImageFile, imageUrl, SHARE_IMAGE } from '../../../lib/images';
import { useI18n } from '../../../i18n/context';

const DESCRIPTION_CHARS = 150;

/** Title, and for shared links the price, town and photo of the item. */
export function ProductMeta({ product }: { product: PublicProduct }) {
  const i18n = useI18n();
  const file = cardImageFile(product);
  const about = product.description ? ` ${product.description.replace(/\s+/g, ' ').trim()}` : '';
  const description = `${i18n._('{price} in {place}.', { price: formatMoney(product.price), place: product.location })}${about}`;
  return (
    <PageMeta
      title={pageTitle(product.name)}
      description={
        description.length > DESCRIPTION_CHARS ? `${description.slice(0, DESCRIPTION_CHARS - 1)}…` : description
      }
      path={`/product/${product.id}`}
      image={file ? imageUrl(file, SHARE_IMAGE) : null}
      type="product"
    />
  );
}
