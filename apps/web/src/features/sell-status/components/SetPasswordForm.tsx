import { zodResolver } from '@hookform/resolvers/zod';
import { sellerPasswordFormSchema, type SellerPasswordForm } from '@marketplace/shared';
import { useForm } from 'react-hook-form';
import { Field } from '../../../components/FormField';
import { ApiError } from '../../../lib/api-client';
import { setSellerToken } from '../../../lib/seller-session';
import { createAccount } from '../api';
import { useI18n } from '../../../i18n/context';
import { translateKnown } from '../../../i18n/labels';
import { Rich } from '../../../i18n/Rich';

interface SetPasswordFormProps {
  token: string;
  emailHint: string;
  onCreated: () => void;
}

/** The password of the seller account, typed twice; the seller is logged in once it is made. */
export function SetPasswordForm({ token, emailHint, onCreated }: SetPasswordFormProps) {
  const i18n = useI18n();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SellerPasswordForm>({
    resolver: zodResolver(sellerPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const submit = handleSubmit(async ({ password }) => {
    try {
      const session = await createAccount(token, password);
      setSellerToken(session.token);
      onCreated();
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { errors?: { password?: unknown } } | null) : null;
      const onField = typeof body?.errors?.password === 'string' ? body.errors.password : null;
      if (onField) setError('password', { type: 'server', message: onField }, { shouldFocus: true });
      else
        setError('root', {
          type: 'server',
          message: error instanceof Error ? error.message : /*i18n*/ 'Could not make your account. Please try again.',
        });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 space-y-4">
      <p className="text-sm text-stone-800">
        <Rich
          text={i18n._('Your account will use the email you gave us, <0>{email}</0>.', { email: emailHint })}
          parts={[(email) => <strong className="font-semibold">{email}</strong>]}
        />
      </p>
      {/* Lets password managers save the login under the right name. */}
      <input type="hidden" autoComplete="username" value={emailHint} readOnly />
      <Field
        label={i18n._('Choose a password')}
        hint={i18n._('At least 8 characters')}
        error={errors.password?.message}
      >
        {(aria) => <input {...aria} type="password" autoComplete="new-password" {...register('password')} />}
      </Field>
      <Field label={i18n._('Type it again')} error={errors.confirm?.message}>
        {(aria) => <input {...aria} type="password" autoComplete="new-password" {...register('confirm')} />}
      </Field>
      {errors.root?.message && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {translateKnown(i18n, errors.root.message)}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? i18n._('Making your account…') : i18n._('Create my account')}
      </button>
    </form>
  );
}
