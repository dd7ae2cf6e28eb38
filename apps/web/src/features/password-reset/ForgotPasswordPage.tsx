import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetRequestSchema, RESET_LINK_SENT, type PasswordResetRequest } from '@marketplace/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '../../components/FormField';
import { FormRefusal } from '../../components/FormRefusal';
import { useI18n } from '../../i18n/context';
import { Link } from '../../lib/router';
import { askForResetLink } from './api';

/** "Forgot your password?" for staff and sellers alike: an email, then the same answer whatever it is. */
export function ForgotPasswordPage() {
  const i18n = useI18n();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async ({ email }) => {
    try {
      await askForResetLink(email);
      setSent(true);
    } catch (error) {
      setError('root', {
        type: 'server',
        message: error instanceof Error ? error.message : /*i18n*/ 'Could not send the link. Please try again.',
      });
    }
  });

  return (
    <section className="mx-auto max-w-md px-4 py-8">
      <h1 className="mb-4 text-2xl font-semibold text-stone-900">{i18n._('Forgot your password?')}</h1>
      {sent ? (
        <p role="status" className="text-stone-800">
          {i18n._(RESET_LINK_SENT)}
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <p className="text-stone-800">
            {i18n._('Type the email address of your account. We will send it a link to set a new password.')}
          </p>
          <Field label={i18n._('Email')} error={errors.email?.message}>
            {(aria) => <input {...aria} type="email" autoComplete="username" {...register('email')} />}
          </Field>
          <FormRefusal message={errors.root?.message} />
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? i18n._('Sending…') : i18n._('Send me a link')}
          </button>
        </form>
      )}
      <p className="mt-6 text-sm">
        <Link to="/account" className="underline">
          {i18n._('Back to log in')}
        </Link>
      </p>
    </section>
  );
}
