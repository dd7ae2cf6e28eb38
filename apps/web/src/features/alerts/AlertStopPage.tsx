import { useState } from 'react';
import { PageMeta } from '../../components/PageMeta';
import { stopAlerts } from '../../lib/alerts-api';
import { ApiError } from '../../lib/api-client';
import { pageTitle } from '../../lib/brand';
import { Link, useParams } from '../../lib/router';
import { useI18n } from '../../i18n/context';
import { translateKnown } from '../../i18n/labels';

/**
 * /alerts/stop/:token, the link in every alert SMS (docs/product.md#alerts). Opening it changes nothing (a phone's
 * link preview must not stop the alerts): a tap on Stop does. Every token answers alike, so the page says the same.
 */
export function AlertStopPage() {
  const i18n = useI18n();
  const { token = '' } = useParams();
  const [state, setState] = useState<'ask' | 'busy' | 'done'>('ask');
  const [failure, setFailure] = useState<string | null>(null);

  async function stop() {
    setState('busy');
    setFailure(null);
    try {
      await stopAlerts(token);
      setState('done');
    } catch (error) {
      // Offline or refused: the call's own words (alerts-api.ts says why in its default message).
      setFailure(error instanceof ApiError ? error.message : String(error));
      setState('ask');
    }
  }

  return (
    <section aria-labelledby="alert-stop-heading" className="mx-auto max-w-md space-y-4">
      <PageMeta
        title={pageTitle(i18n._('Stop SMS alerts'))}
        description={i18n._('Stop the SMS alerts sent to your phone.')}
        path="/alerts/stop"
      />
      <h1 id="alert-stop-heading" className="page-title">
        {i18n._('Stop SMS alerts')}
      </h1>
      {state === 'done' ? (
        <>
          <p role="status" className="rounded-md bg-teal-50 p-3 text-teal-900">
            {i18n._('Done: this phone gets no more alert SMS from us.')}
          </p>
          <Link to="/discover" className="btn btn-primary">
            {i18n._('Browse items')}
          </Link>
        </>
      ) : (
        <>
          <p className="text-stone-700">
            {i18n._('Stop every price and new-item alert sent to the phone this link came to?')}
          </p>
          <button
            type="button"
            className="btn btn-primary w-full"
            onClick={() => void stop()}
            disabled={state === 'busy'}
          >
            {state === 'busy' ? i18n._('Stopping...') : i18n._('Stop the alerts')}
          </button>
          {failure && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {translateKnown(i18n, failure)}
            </p>
          )}
        </>
      )}
    </section>
  );
}
