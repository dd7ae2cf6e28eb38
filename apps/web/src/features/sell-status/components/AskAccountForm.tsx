import { CONFIRM_LINK_SENT } from '@marketplace/shared';
import { useState } from 'react';
import { FormRefusal } from '../../../components/FormRefusal';
import { ApiError } from '../../../lib/api-client';
import { createAccount } from '../api';
import { useI18n } from '../../../i18n/context';
import { Rich } from '../../../i18n/Rich';

interface AskAccountFormProps {
  token: string;
  emailHint: string;
}

const FAILED = /*i18n*/ 'Could not make your account. Please try again.';

/**
 * Asks for the seller account: a link goes to the item's email, and its owner chooses the password there
 * (docs/decisions/0040, 0086: whoever holds this page's link does not choose it). The page says where it went.
 */
export function AskAccountForm({ token, emailHint }: AskAccountFormProps) {
  const i18n = useI18n();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();

  async function ask() {
    setBusy(true);
    setRefusal(undefined);
    try {
      setSentTo((await createAccount(token)).email_hint);
    } catch (error) {
      setRefusal(error instanceof ApiError && error.message ? error.message : FAILED);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo)
    return (
      <p role="status" className="mt-3 text-stone-800">
        {i18n._(CONFIRM_LINK_SENT, { email: sentTo })}
      </p>
    );

  return (
    <div className="mt-3 space-y-4">
      <p className="text-sm text-stone-800">
        <Rich
          text={i18n._('Your account will use the email you gave us, <0>{email}</0>.', { email: emailHint })}
          parts={[(email) => <strong className="font-semibold">{email}</strong>]}
        />{' '}
        {i18n._('We email you a link: open it to choose your password.')}
      </p>
      <FormRefusal message={refusal} />
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void ask()}>
        {busy ? i18n._('Sending…') : i18n._('Create my account')}
      </button>
    </div>
  );
}
