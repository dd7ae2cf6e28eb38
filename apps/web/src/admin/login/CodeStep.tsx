import { secondFactorCodeSchema, type LoginResult } from '@marketplace/shared';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { loginErrorText, loginWithCode } from '../auth-api';
import { buttonStyles, TextField } from '../components/ui';
import { notifyLoginError } from '../toasts';
import { useSchemaForm } from '../use-schema-form';

const answerCode = (error: unknown) => error instanceof ApiError && (error.body as { code?: unknown } | null)?.code;
/** The server's answer when the challenge is spent, expired or out of tries: the password comes first again. */
const expired = (error: unknown) => answerCode(error) === 'login_expired';
/** 10 wrong codes in a row locked two-step login (docs/decisions/0085): no code helps until it is unlocked. */
const locked = (error: unknown) => answerCode(error) === 'second_factor_locked';

interface CodeStepProps {
  /** What the password step answered. */
  challenge: string;
  onSignedIn: (result: LoginResult) => void;
  /** Back to email and password. */
  onRestart: () => void;
}

/** The login's second step for staff with two-step login (docs/decisions/0050). */
export function CodeStep({ challenge, onSignedIn, onRestart }: CodeStepProps) {
  const { form, field } = useSchemaForm(secondFactorCodeSchema, { code: '' });
  // The lock's message stays on the screen (a toast would go), in place of the form: typing on cannot help.
  const [lockMessage, setLockMessage] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      onSignedIn(await loginWithCode({ challenge, code }));
    } catch (error) {
      if (locked(error)) return setLockMessage(loginErrorText(error));
      notifyLoginError(loginErrorText(error));
      if (expired(error)) onRestart();
      else form.reset({ code: '' });
    }
  });

  if (lockMessage)
    return (
      <>
        <h1 className="mb-2 text-xl font-bold text-stone-900">Two-step login is locked</h1>
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {lockMessage}
        </p>
        <p className="mt-3 text-sm text-stone-700">
          The email went to your account&rsquo;s address. Once unlocked, log in again with a code from your app.
        </p>
        <button type="button" className={`${buttonStyles.quiet} mt-3 w-full`} onClick={onRestart}>
          Back to email and password
        </button>
      </>
    );

  return (
    <>
      <h1 className="mb-2 text-xl font-bold text-stone-900">Two-step login</h1>
      <p className="mb-5 text-sm text-stone-700">
        Enter the 6-digit code your authenticator app shows, or one of your recovery codes.
      </p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <TextField label="Code" autoComplete="one-time-code" spellCheck={false} {...field('code')} />
        <button
          type="submit"
          className={`${buttonStyles.primary} w-full min-h-10`}
          disabled={form.formState.isSubmitting}
        >
          {form.formState.isSubmitting ? 'Checking…' : 'Verify'}
        </button>
      </form>
      <button type="button" className={`${buttonStyles.quiet} mt-3 w-full`} onClick={onRestart}>
        Back to email and password
      </button>
    </>
  );
}
