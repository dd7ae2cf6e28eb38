import { formatMalawiPhone, MALAWI_PHONE_MESSAGE, normalizeMalawiPhone, PHONE_CODE_MESSAGE } from '@marketplace/shared';
import { useState, type FormEvent } from 'react';
import { alertRequest, setAlert, type AlertTarget } from '../../lib/alerts-api';
import { ApiError } from '../../lib/api-client';
import { keepPhoneToken, lastProvedPhone, needsPhoneCode, usePhoneCode } from '../../lib/phone-proofs';
import { Dialog } from '../Dialog';
import { Field } from '../FormField';
import { PhoneCodeStep } from '../PhoneCodeStep';
import { BUTTONS } from '../SendDialog';
import { useI18n } from '../../i18n/context';
import { translateKnown } from '../../i18n/labels';

const OFFLINE = /*i18n*/ 'We could not reach the shop. Check your connection and try again.';

interface AlertDialogProps {
  target: AlertTarget;
  title: string;
  onClose: () => void;
}

/**
 * Sets an alert for a phone proved the checkout's way (docs/product.md#alerts): a phone this device proved
 * before goes straight through with its kept token; another gets the SMS code first.
 */
export default function AlertDialog({ target, title, onClose }: AlertDialogProps) {
  const i18n = useI18n();
  const [phone, setPhone] = useState(() => {
    const kept = lastProvedPhone();
    return kept ? formatMalawiPhone(kept) : '';
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ field?: 'phone' | 'code'; text: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { codePhone, code, setCode, sending, sendCode, proofFor, codeUsed } = usePhoneCode((error) =>
    setFailure({ text: error instanceof ApiError ? error.message : OFFLINE }),
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (done) return onClose();
    if (busy) return;
    const normal = normalizeMalawiPhone(phone);
    if (!normal) return setFailure({ field: 'phone', text: MALAWI_PHONE_MESSAGE });
    const proof = proofFor(normal);
    if (!proof) return setFailure({ field: 'code', text: PHONE_CODE_MESSAGE });
    setBusy(true);
    setFailure(null);
    try {
      const set = await setAlert(alertRequest(target, proof, normal));
      if (set.phone_token) keepPhoneToken(set.phone, set.phone_token);
      // The code is used: a reload no longer offers its box (lib/phone-proofs.ts).
      codeUsed();
      setDone(set.phone);
    } catch (error) {
      // The first time (or another number): the code goes to the phone and the dialog waits for it.
      if (needsPhoneCode(error) && codePhone !== normal) await sendCode(normal);
      else if (needsPhoneCode(error)) setFailure({ field: 'code', text: (error as ApiError).message });
      else setFailure({ text: error instanceof ApiError && error.status !== 0 ? error.message : OFFLINE });
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <Dialog
        title={i18n._('Alert set')}
        description={i18n._(
          'We will send an SMS to {phone}: at most one a day, for 90 days. Each SMS has a link to stop.',
          {
            phone: formatMalawiPhone(done),
          },
        )}
        onSubmit={submit}
        onCancel={onClose}
        busy={false}
        labels={{ cancel: i18n._('Close'), confirm: i18n._('OK'), busy: i18n._('OK') }}
        buttons={BUTTONS}
      />
    );

  return (
    <Dialog
      title={title}
      description={i18n._('We send one SMS when it happens, at most one a day, for 90 days.')}
      onSubmit={submit}
      onCancel={onClose}
      busy={busy || sending}
      labels={{ cancel: i18n._('Cancel'), confirm: i18n._('Tell me'), busy: i18n._('Sending...') }}
      buttons={BUTTONS}
    >
      <div className="space-y-4">
        <Field label={i18n._('Your phone number')} error={failure?.field === 'phone' ? failure.text : undefined}>
          {(aria) => (
            <input
              {...aria}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={30}
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
            />
          )}
        </Field>
        {codePhone && codePhone === normalizeMalawiPhone(phone) && (
          <PhoneCodeStep
            phone={codePhone}
            code={code}
            onCode={setCode}
            onResend={() => void sendCode(codePhone)}
            sending={sending}
            label={/*i18n*/ 'We sent a 6-digit code by SMS to {phone}. Enter it to set the alert.'}
          />
        )}
        {failure && failure.field !== 'phone' && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {translateKnown(i18n, failure.text)}
          </p>
        )}
      </div>
    </Dialog>
  );
}
