import { useI18n } from '../../i18n/context';

/** The promo bar tells visitors that notifications and promotions are still being built. */
export function PromoBar() {
  const i18n = useI18n();
  return (
    <div className="bg-stone-900 px-4 py-2 text-center text-xs text-white sm:text-sm" role="note">
      {i18n._('Promotions and notifications are in development.')}
    </div>
  );
}
