import { Link } from '../lib/router';
import { addToBasket } from '../lib/basket-store';
import { useBasket } from '../lib/use-basket';
import { unavailableLabel, type CardProduct } from '../lib/product-types';
import { BasketIcon } from './icons';
import { useI18n } from '../i18n/context';

const base = 'btn relative z-10 w-full px-2 text-sm whitespace-nowrap';

/** The card's basket control: add once; afterwards it leads to the basket; a sold or reserved item cannot be added. */
export function CardBasketButton({ product }: { product: CardProduct }) {
  const inBasket = useBasket().some((item) => item.id === product.id);
  const unavailable = unavailableLabel(product);
  const i18n = useI18n();

  if (unavailable) {
    return <p className={`${base} bg-stone-100 text-stone-700`}>{i18n._(unavailable)}</p>;
  }
  if (inBasket) {
    return (
      <Link to="/basket" className={`${base} btn-outline`}>
        {i18n._('✓ In basket')}
        <span className="sr-only"> {i18n._('{name}, open basket', { name: product.name })}</span>
      </Link>
    );
  }
  return (
    <button type="button" className={`${base} btn-primary`} onClick={() => addToBasket(product)}>
      <BasketIcon width={18} height={18} className="hidden sm:block" />
      {i18n._('Add to basket')}
      <span className="sr-only"> {product.name}</span>
    </button>
  );
}
