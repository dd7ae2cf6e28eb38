import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorCodeInput, SecondFactorSetup } from '@marketplace/shared';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { meQuery } from '../auth-api';
import { buttonStyles } from '../components/ui';
import { notifyError, notifySuccess } from '../toasts';
import { ACCOUNT_ERRORS, confirmSetup, secondFactorKeys, startSetup } from './api';
import { CodeForm } from './CodeForm';

/** The secret in groups of four, as people copy it into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Set-up: a new secret (QR code and text), then a code from the app proves it, then the recovery codes once. */
export function SetUpSecondFactor() {
  const queryClient = useQueryClient();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useMutation({
    mutationFn: startSetup,
    onError: (error) => notifyError(errorMessage(error, ACCOUNT_ERRORS.start)),
  });

  async function finish() {
    await queryClient.invalidateQueries({ queryKey: secondFactorKeys.status });
    // The session may now reach the rest of the back-office.
    await queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
  }

  if (recoveryCodes) return <RecoveryCodesList codes={recoveryCodes} onDone={() => void finish()} />;
  if (!start.data)
    return (
      <button type="button" className={buttonStyles.primary} disabled={start.isPending} onClick={() => start.mutate()}>
        {start.isPending ? 'Starting…' : 'Set up two-step login'}
      </button>
    );
  return <ScanAndConfirm setup={start.data} onConfirmed={setRecoveryCodes} />;
}

function ScanAndConfirm({ setup, onConfirmed }: { setup: SecondFactorSetup; onConfirmed: (codes: string[]) => void }) {
  async function send(input: SecondFactorCodeInput) {
    const { recovery_codes } = await confirmSetup(input);
    notifySuccess('Two-step login is on');
    onConfirmed(recovery_codes);
  }
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-800">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan this QR code, or type the key below it.</li>
        <li>Type the 6-digit code the app then shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
          alt="QR code to scan with your authenticator app"
          width={200}
          height={200}
          className="rounded border border-stone-200"
        />
        <div className="min-w-0 text-sm">
          <p className="text-stone-700">Key for typing in by hand:</p>
          <p className="mt-1 font-mono text-base font-semibold break-all text-stone-900" data-testid="secret">
            {grouped(setup.secret)}
          </p>
          <p className="mt-1 text-xs text-stone-600">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <CodeForm
        label="Code from the app"
        action="Confirm"
        busyLabel="Checking…"
        send={send}
        fallback={ACCOUNT_ERRORS.confirm}
      />
    </div>
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
