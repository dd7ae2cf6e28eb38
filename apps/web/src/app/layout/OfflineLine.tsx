import { useEffect } from 'react';
import { offerPageToWorker, useOnline } from '../../lib/offline';
import { useI18n } from '../../i18n/context';

/**
 * Says, near the top of every public page, that the phone is offline and what is shown is this phone's
 * copy (public/sw.js). The status region is always there, so a screen reader announces the line when it
 * appears; it is empty, and takes no space, while online.
 */
export function OfflineLine() {
  const online = useOnline();
  const i18n = useI18n();
  // Once per page load: the worker keeps what this page loaded before it was in charge.
  useEffect(offerPageToWorker, []);
  return (
    <div role="status">
      {!online && (
        <p className="bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950">
          {i18n._('You are offline: showing saved pages')}
        </p>
      )}
    </div>
  );
}
