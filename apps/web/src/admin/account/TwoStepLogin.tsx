import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorCodeInput, SecondFactorStatus } from '@marketplace/shared';
import { meQuery } from '../auth-api';
import { Badge, Card } from '../components/ui';
import { FormSkeleton } from '../components/status';
import { notifySuccess } from '../toasts';
import { ACCOUNT_ERRORS, secondFactorKeys, secondFactorQuery, turnOff } from './api';
import { CodeForm } from './CodeForm';
import { SetUpSecondFactor } from './SetUpSecondFactor';

/** The account page's two-step login section: set it up, or see it is on and turn it off. */
export function TwoStepLogin() {
  const status = useQuery(secondFactorQuery());
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby="two-step-heading" className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="two-step-heading" className="text-base font-semibold text-stone-900">
            Two-step login
          </h2>
          {status.data && (
            <Badge tone={status.data.enabled ? 'green' : 'grey'}>{status.data.enabled ? 'On' : 'Off'}</Badge>
          )}
        </div>
        {status.isPending ? (
          <FormSkeleton />
        ) : status.data?.enabled ? (
          <TurnOff status={status.data} />
        ) : (
          <>
            {status.data?.required && (
              <p
                role="status"
                className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                Back-office accounts need two-step login. Set it up to go on to the back-office.
              </p>
            )}
            <p className="text-sm text-stone-700">
              After your password, you will also type a 6-digit code from an authenticator app on your phone (Google
              Authenticator, Microsoft Authenticator, 2FAS or any other).
            </p>
            <SetUpSecondFactor />
          </>
        )}
      </section>
    </Card>
  );
}

/** Turning it off takes a current code (or a recovery code): a session left open on a shared computer cannot. */
function TurnOff({ status }: { status: SecondFactorStatus }) {
  const queryClient = useQueryClient();
  async function send(input: SecondFactorCodeInput) {
    await turnOff(input);
    notifySuccess('Two-step login turned off');
    await queryClient.invalidateQueries({ queryKey: secondFactorKeys.status });
    await queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
  }
  return (
    <>
      <p className="text-sm text-stone-700">
        You log in with your password and a code from your authenticator app.{' '}
        {`${status.recovery_codes_left} of your recovery codes are left.`}
      </p>
      {status.required && (
        <p className="text-sm text-stone-700">
          Back-office accounts need two-step login: after turning it off you set it up again before going on.
        </p>
      )}
      <CodeForm
        label="Code to turn it off"
        action="Turn off two-step login"
        busyLabel="Turning off…"
        send={send}
        fallback={ACCOUNT_ERRORS.turnOff}
        danger
      />
    </>
  );
}
