import { NavLink } from '../../lib/router';
import { HeartIcon } from '../../components/icons';
import { useSavedItems } from '../../lib/use-saved-items';
import { CountBadge, countLinkClass } from './CountBadge';
import { useI18n } from '../../i18n/context';

/** A heart for the saved items, with how many once there are any; its name says both ("Saved items 2"). */
export function SavedLink() {
  const count = useSavedItems().length;
  const i18n = useI18n();
  return (
    <NavLink to="/saved" className={countLinkClass}>
      {/* The heart alone, at every width: with words it would push the top bar onto a second row. */}
      <span className="sr-only">{i18n._('Saved items')}</span>
      <span className="relative">
        <HeartIcon />
        {count > 0 && <CountBadge count={count} testId="saved-count" />}
      </span>
    </NavLink>
  );
}
