import { useI18n } from '../../../i18n/context';

/** The order page's placeholder in the loaded layout's proportions. */
export function OrderSkeleton() {
  const i18n = useI18n();
  return (
    <div className="mx-auto max-w-2xl space-y-5" aria-busy="true">
      <p className="sr-only" role="status">
        {i18n._('Loading your order…')}
      </p>
      <div className="card space-y-3 p-4">
        <div className="skeleton h-4 w-24" />
        <div className="skeleton h-9 w-48" />
        <div className="skeleton h-7 w-28 rounded-full" />
        <div className="skeleton h-5 w-full" />
      </div>
      <div className="skeleton h-40 rounded-lg" />
      <div className="skeleton h-32 rounded-lg" />
    </div>
  );
}
