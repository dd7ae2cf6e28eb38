import { NavLink } from '../../lib/router';
import { BasketIcon } from '../../components/icons';
import { useBasket } from '../../lib/use-basket';
import { CountBadge, countLinkClass } from './CountBadge';
import { useI18n } from '../../i18n/context';

/**
 * Basket link with the number of items. Its name is built from what is shown ("Basket 1 item"), so
 * what a sighted voice-control user reads is also what the link is called.
 */
export function BasketLink() {
  const count = useBasket().length;
  const i18n = useI18n();
  return (
    <NavLink to="/basket" className={countLinkClass}>
      <span className="sr-only xl:not-sr-only xl:order-last">{i18n._('Basket')}</span>
      <span className="relative">
        <BasketIcon />
        <CountBadge count={count} testId="basket-count" />
      </span>
      <span className="sr-only">{count === 1 ? i18n._('item') : i18n._('items')}</span>
    </NavLink>
  );
}
