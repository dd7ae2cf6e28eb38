import { useI18n } from '../../../i18n/context';

/** Detail page placeholder in the loaded layout's proportions. */
export function ProductSkeleton() {
  const block = 'skeleton';
  const i18n = useI18n();
  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-10" aria-busy="true">
      <p className="sr-only" role="status">
        {i18n._('Loading product…')}
      </p>
      <div className={`aspect-[7/5] w-full ${block}`} />
      <div className="space-y-4">
        <div className={`h-8 w-3/4 ${block}`} />
        <div className={`h-9 w-1/2 ${block}`} />
        <div className={`h-5 w-1/3 ${block}`} />
        <div className={`h-11 w-full sm:w-40 ${block}`} />
        <div className={`h-20 w-full ${block}`} />
      </div>
    </div>
  );
}
