import { NavLink } from '../../lib/router';
import { BasketIcon } from '../../components/icons';
import { useBasket } from '../../lib/use-basket';
import { CountBadge, countLinkClass } from './CountBadge';

/**
 * Basket link with the number of items. Its name is built from what is shown ("Basket 1 item"), so
 * what a sighted voice-control user reads is also what the link is called.
 */
export function BasketLink() {
  const count = useBasket().length;
  return (
    <NavLink to="/basket" className={countLinkClass}>
      <span className="sr-only md:not-sr-only md:order-last">Basket</span>
      <span className="relative">
        <BasketIcon />
        <CountBadge count={count} testId="basket-count" />
      </span>
      <span className="sr-only">{count === 1 ? 'item' : 'items'}</span>
    </NavLink>
  );
}
