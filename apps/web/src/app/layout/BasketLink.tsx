import { NavLink } from '../../lib/router';
import { BasketIcon } from '../../components/icons';
import { useBasket } from '../../lib/use-basket';

/**
 * Basket link with the number of items. Its name is built from what is shown ("Basket 1 item"), so
 * what a sighted voice-control user reads is also what the link is called.
 */
export function BasketLink() {
  const count = useBasket().length;
  return (
    <NavLink to="/basket" className="nav-item relative min-w-11 justify-center gap-2 px-2 aria-[current=page]:no-underline">
      <span className="sr-only md:not-sr-only md:order-last">Basket</span>
      <span className="relative">
        <BasketIcon />
        <span data-testid="basket-count" className="absolute -top-2 -right-2.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-teal-700 px-1 text-xs leading-none font-bold text-white">
          {count}
        </span>
      </span>
      <span className="sr-only">{count === 1 ? 'item' : 'items'}</span>
    </NavLink>
  );
}
