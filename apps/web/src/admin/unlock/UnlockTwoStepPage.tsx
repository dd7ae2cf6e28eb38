import { useMutation } from '@tanstack/react-query';
import { BRAND } from '../../lib/brand';
import { apiRequest } from '../../lib/api-client';
import { Link, useParams } from '../../lib/router';
import { buttonStyles } from '../components/ui';
import { usePageTitle } from '../use-page-title';

const UNLOCK_FAILED = 'Could not unlock two-step login. Please try again.';

/** POST /v1/auth/second-factor/unlock/:token: the emailed link, once, within 24 hours (docs/decisions/0085). */
function unlock(token: string): Promise<void> {
  return apiRequest<void>(`/v1/auth/second-factor/unlock/${encodeURIComponent(token)}`, {
    method: 'POST',
    defaultMessage: UNLOCK_FAILED,
  });
}

/**
 * /admin/unlock-two-step/:token, the page of the link emailed when 10 wrong codes locked two-step login. It
 * unlocks only on the button: mail systems open links to scan them, and that must not spend the link.
 */
export function UnlockTwoStepPage() {
  usePageTitle('Unlock two-step login');
  const { token = '' } = useParams();
  const action = useMutation({ mutationFn: () => unlock(token) });
  // The server's words (an expired or used link says so), else the call's own.
  const refusal = action.error ? action.error.message || UNLOCK_FAILED : null;

  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-100 px-4 py-10">
      <div className="w-full max-w-sm">
        <p className="mb-4 text-center text-sm font-semibold text-teal-800">{BRAND}</p>
        <div className="space-y-4 rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
          <h1 className="text-xl font-bold text-stone-900">Unlock two-step login</h1>
          {action.isSuccess ? (
            <>
              <p role="status" className="text-sm text-stone-800">
                Two-step login is unlocked. Log in with your password and a code from your authenticator app.
              </p>
              <Link to="/admin/login" className={`${buttonStyles.primary} flex min-h-10 w-full justify-center`}>
                Go to login
              </Link>
            </>
          ) : (
            <>
              <p className="text-sm text-stone-700">
                Someone typed 10 wrong codes, so no code is accepted for now. Unlock it to log in with a code from your
                app again. If it was not you, set a new password too: someone may know yours.
              </p>
              {refusal && (
                <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
                  {refusal}
                </p>
              )}
              <button
                type="button"
                className={`${buttonStyles.primary} w-full min-h-10`}
                disabled={action.isPending}
                onClick={() => action.mutate()}
              >
                {action.isPending ? 'Unlocking…' : 'Unlock two-step login'}
              </button>
              <p className="text-center text-sm">
                <Link to="/forgot-password" className="text-teal-800 underline">
                  Set a new password
                </Link>
              </p>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
