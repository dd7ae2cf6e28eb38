import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SecondFactorCodeInput, SecondFactorStatus } from '@marketplace/shared';
import { meQuery } from '../auth-api';
import { Badge, buttonStyles, Card } from '../components/ui';
import { FormSkeleton } from '../components/status';
import { notifySuccess } from '../toasts';
import { ACCOUNT_ERRORS, secondFactorKeys, secondFactorQuery, turnOff } from './api';
import { CodeForm } from './CodeForm';
import { SetUpSecondFactor } from './SetUpSecondFactor';

/** The account page's two-step login section: set it up, or see it is on and turn it off. */
export function TwoStepLogin() {
  const queryClient = useQueryClient();
  const status = useQuery(secondFactorQuery());
  // Set once set-up is confirmed: the codes show until their owner says they are saved.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enabled = Boolean(status.data?.enabled || recoveryCodes);

  async function saved() {
    setRecoveryCodes(null);
    await queryClient.invalidateQueries({ queryKey: secondFactorKeys.status });
    // The session may now reach the rest of the back-office.
    await queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
  }
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby="two-step-heading" className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="two-step-heading" className="text-base font-semibold text-stone-900">
            Two-step login
          </h2>
          {status.data && <Badge tone={enabled ? 'green' : 'grey'}>{enabled ? 'On' : 'Off'}</Badge>}
        </div>
        {status.isPending ? (
          <FormSkeleton />
        ) : recoveryCodes ? (
          <RecoveryCodesList codes={recoveryCodes} onDone={() => void saved()} />
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
            <SetUpSecondFactor onConfirmed={setRecoveryCodes} />
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

function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-stone-900">Your recovery codes</h3>
      <p className="text-sm text-stone-700">
        If you lose your phone, each of these codes lets you log in once instead of a code from the app. Write them down
        or print them and keep them apart from your phone: they are shown only now.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded border border-stone-200 bg-stone-50 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <button type="button" className={buttonStyles.primary} onClick={onDone}>
        I have saved my recovery codes
      </button>
    </div>
  );
}
