import { useI18n } from '../../i18n/context';

/** Shown for the moment a screen's chunk is on its way; keeps the footer from jumping up. */
export function PageFallback() {
  const i18n = useI18n();
  return (
    <div className="min-h-[60vh]" aria-busy="true">
      <p className="sr-only" role="status">
        {i18n._('Loading…')}
      </p>
      <div className="skeleton h-7 w-1/2 max-w-xs" />
    </div>
  );
}
