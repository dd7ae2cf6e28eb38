import { useMutation } from '@tanstack/react-query';
import type { SecondFactorCodeInput, SecondFactorSetup } from '@marketplace/shared';
import { errorMessage } from '../../lib/api-client';
import { buttonStyles } from '../components/ui';
import { notifyError, notifySuccess } from '../toasts';
import { ACCOUNT_ERRORS, confirmSetup, startSetup } from './api';
import { CodeForm } from './CodeForm';

/** The secret in groups of four, as people copy it into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Set-up: a new secret (QR code and text), then a code from the app proves it and the recovery codes come back. */
export function SetUpSecondFactor({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const start = useMutation({
    mutationFn: startSetup,
    onError: (error) => notifyError(errorMessage(error, ACCOUNT_ERRORS.start)),
  });
  if (!start.data)
    return (
      <button type="button" className={buttonStyles.primary} disabled={start.isPending} onClick={() => start.mutate()}>
        {start.isPending ? 'Starting…' : 'Set up two-step login'}
      </button>
    );
  return <ScanAndConfirm setup={start.data} onConfirmed={onConfirmed} />;
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
