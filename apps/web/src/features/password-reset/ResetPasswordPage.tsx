import { zodResolver } from '@hookform/resolvers/zod';
import { newPasswordFormSchema, PASSWORD_CHANGED, type NewPasswordForm } from '@marketplace/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormRefusal } from '../../components/FormRefusal';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useI18n } from '../../i18n/context';
import { showRefusal } from '../../lib/form-errors';
import { Link, useParams } from '../../lib/router';
import { setNewPassword } from './api';

/** The page of the emailed link: the new password, typed twice. The link works once, for 30 minutes. */
export function ResetPasswordPage() {
  const i18n = useI18n();
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const submit = handleSubmit(async ({ password }) => {
    try {
      await setNewPassword(token, password);
      setDone(true);
    } catch (error) {
      showRefusal(error, setError, ['password'], /*i18n*/ 'Could not change your password. Please try again.');
    }
  });

  return (
    <section className="mx-auto max-w-md px-4 py-8">
      <h1 className="mb-4 text-2xl font-semibold text-stone-900">{i18n._('Set a new password')}</h1>
      {done ? (
        <>
          <p role="status" className="text-stone-800">
            {i18n._(PASSWORD_CHANGED)}
          </p>
          <p className="mt-4 flex flex-wrap gap-3">
            <Link to="/account" className="btn btn-primary">
              {i18n._('Seller log in')}
            </Link>
            <Link to="/admin/login" className="btn btn-outline">
              {i18n._('Staff log in')}
            </Link>
          </p>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <NewPasswordFields label={i18n._('New password')} register={register} errors={errors} />
          <FormRefusal message={errors.root?.message} />
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? i18n._('Saving…') : i18n._('Save my new password')}
          </button>
        </form>
      )}
    </section>
  );
}
