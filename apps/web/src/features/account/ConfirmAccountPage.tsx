import { useState } from 'react';
import { useI18n } from '../../i18n/context';
import { translateKnown } from '../../i18n/labels';
import { useNavigate, useParams } from '../../lib/router';
import { setSellerToken } from '../../lib/seller-session';
import { confirmAccount } from './api';

/**
 * The page of the link mailed to a seller who asked for an account: opening a link must not act by itself
 * (mail scanners open links), so the seller confirms with a button, is logged in and sees their items.
 */
export function ConfirmAccountPage() {
  const i18n = useI18n();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      setSellerToken((await confirmAccount(token)).token);
      navigate('/account', { replace: true });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : /*i18n*/ 'Could not make your account. Please try again.');
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto max-w-md px-4 py-8">
      <h1 className="mb-4 text-2xl font-semibold text-stone-900">{i18n._('Confirm your seller account')}</h1>
      <p className="text-stone-800">
        {i18n._('You asked for a seller account with this email address. Confirm to make it and log in.')}
      </p>
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {translateKnown(i18n, error)}
        </p>
      )}
      <button type="button" className="btn btn-primary mt-4" disabled={busy} onClick={() => void confirm()}>
        {busy ? i18n._('Making your account…') : i18n._('Confirm and log in')}
      </button>
    </section>
  );
}
