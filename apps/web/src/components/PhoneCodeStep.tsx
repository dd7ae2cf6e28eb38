import { formatMalawiPhone } from '@marketplace/shared';
import { Field } from './FormField';
import { useI18n } from '../i18n/context';

interface PhoneCodeStepProps {
  /** The number the code went to (normalised). */
  phone: string;
  code: string;
  onCode: (code: string) => void;
  onResend: () => void;
  /** A new code is being asked for. */
  sending: boolean;
  /** What the code is for, with {phone}; the checkout's wording when not given. */
  label?: string;
}

/** Asks for the SMS code in the checkout itself, above the button: what the buyer typed stays as it was. */
export function PhoneCodeStep({ phone, code, onCode, onResend, sending, label }: PhoneCodeStepProps) {
  const i18n = useI18n();
  return (
    <div className="space-y-2 rounded-md border border-teal-300 bg-teal-50 p-3" data-testid="phone-code-step">
      <Field
        label={i18n._(label ?? /*i18n*/ 'We sent a 6-digit code by SMS to {phone}. Enter it to reserve your items.', {
          phone: formatMalawiPhone(phone),
        })}
      >
        {(aria) => (
          <input
            {...aria}
            name="phone_code"
            className={`${aria.className} max-w-40 text-center text-lg tracking-widest`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(event) => onCode(event.target.value)}
          />
        )}
      </Field>
      <button type="button" className="text-link min-h-11" onClick={onResend} disabled={sending}>
        {sending ? i18n._('Sending...') : i18n._('Send a new code')}
      </button>
    </div>
  );
}
