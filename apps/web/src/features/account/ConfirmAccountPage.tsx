import { zodResolver } from '@hookform/resolvers/zod';
import { sellerPasswordFormSchema, type SellerPasswordForm } from '@marketplace/shared';
import { useForm } from 'react-hook-form';
import { FormRefusal } from '../../components/FormRefusal';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useI18n } from '../../i18n/context';
import { showRefusal } from '../../lib/form-errors';
import { useNavigate, useParams } from '../../lib/router';
import { setSellerToken } from '../../lib/seller-session';
import { confirmAccount } from './api';

/**
 * The page of the link mailed to a seller who asked for an account: the email's owner chooses the password here
 * (docs/decisions/0086), then is logged in and sees their items. Opening a link must not act by itself (mail
 * scanners open links): nothing happens until the form is sent.
 */
export function ConfirmAccountPage() {
  const i18n = useI18n();
  const { token = '' } = useParams();
  const navigate = useNavigate();
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
      setSellerToken((await confirmAccount(token, password)).token);
      navigate('/account', { replace: true });
    } catch (error) {
      showRefusal(error, setError, ['password'], /*i18n*/ 'Could not make your account. Please try again.');
    }
  });

  return (
    <section className="mx-auto max-w-md px-4 py-8">
      <h1 className="mb-4 text-2xl font-semibold text-stone-900">{i18n._('Confirm your seller account')}</h1>
      <p className="text-stone-800">
        {i18n._('You asked for a seller account with this email address. Choose its password to make it and log in.')}
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <NewPasswordFields label={i18n._('Choose a password')} register={register} errors={errors} />
        <FormRefusal message={errors.root?.message} />
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? i18n._('Making your account…') : i18n._('Confirm and log in')}
        </button>
      </form>
    </section>
  );
}
