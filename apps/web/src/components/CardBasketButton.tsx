import { Link } from '../lib/router';
import { addToBasket } from '../lib/basket-store';
import { useBasket } from '../lib/use-basket';
import { unavailableText, type CardProduct } from '../lib/product-types';
import { BasketIcon } from './icons';
import { useI18n } from '../i18n/context';

const base = 'btn relative z-10 w-full px-2 text-sm whitespace-nowrap';

/** The card's basket control: add once; afterwards it leads to the basket; a sold, reserved or travelling item cannot be added. */
export function CardBasketButton({ product }: { product: CardProduct }) {
  const inBasket = useBasket().some((item) => item.id === product.id);
  const i18n = useI18n();
  const unavailable = unavailableText(i18n, product);

  if (unavailable) {
    return <p className={`${base} bg-stone-100 text-stone-700`}>{unavailable}</p>;
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
