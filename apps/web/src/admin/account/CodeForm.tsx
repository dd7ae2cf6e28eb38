import { secondFactorCodeSchema, type SecondFactorCodeInput } from '@marketplace/shared';
import { errorMessage } from '../../lib/api-client';
import { applyFieldErrors } from '../../lib/form-errors';
import { buttonStyles, TextField } from '../components/ui';
import { notifyError } from '../toasts';
import { useSchemaForm } from '../use-schema-form';

interface CodeFormProps {
  label: string;
  action: string;
  busyLabel: string;
  /** Sends the code; a refusal's field message goes under the field, any other is toasted. */
  send: (input: SecondFactorCodeInput) => Promise<void>;
  fallback: string;
  danger?: boolean;
}

/** One code from the authenticator app (or a recovery code) and the button that sends it. */
export function CodeForm({ label, action, busyLabel, send, fallback, danger = false }: CodeFormProps) {
  const { form, field } = useSchemaForm(secondFactorCodeSchema, { code: '' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send(values);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['code'])) notifyError(errorMessage(error, fallback));
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-wrap items-end gap-2">
      <TextField label={label} autoComplete="one-time-code" spellCheck={false} className="w-56" {...field('code')} />
      <button
        type="submit"
        className={danger ? buttonStyles.danger : buttonStyles.primary}
        disabled={form.formState.isSubmitting}
      >
        {form.formState.isSubmitting ? busyLabel : action}
      </button>
    </form>
  );
}
