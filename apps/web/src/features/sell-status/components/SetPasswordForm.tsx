import { zodResolver } from '@hookform/resolvers/zod';
import { CONFIRM_LINK_SENT, sellerPasswordFormSchema, type SellerPasswordForm } from '@marketplace/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormRefusal } from '../../../components/FormRefusal';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { showRefusal } from '../../../lib/form-errors';
import { createAccount } from '../api';
import { useI18n } from '../../../i18n/context';
import { Rich } from '../../../i18n/Rich';

interface SetPasswordFormProps {
  token: string;
  emailHint: string;
}

/**
 * The password of the seller account, typed twice. The account is made when the seller opens the link
 * then mailed to the item's email (docs/decisions/0040); the page says where it went.
 */
export function SetPasswordForm({ token, emailHint }: SetPasswordFormProps) {
  const i18n = useI18n();
  const [sentTo, setSentTo] = useState<string | null>(null);
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
      setSentTo((await createAccount(token, password)).email_hint);
    } catch (error) {
      showRefusal(error, setError, ['password'], /*i18n*/ 'Could not make your account. Please try again.');
    }
  });

  if (sentTo)
    return (
      <p role="status" className="mt-3 text-stone-800">
        {i18n._(CONFIRM_LINK_SENT, { email: sentTo })}
      </p>
    );

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
      <NewPasswordFields label={i18n._('Choose a password')} register={register} errors={errors} />
      <FormRefusal message={errors.root?.message} />
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? i18n._('Making your account…') : i18n._('Create my account')}
      </button>
    </form>
  );
}
