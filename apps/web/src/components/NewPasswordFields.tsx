import type { NewPasswordForm } from '@marketplace/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useI18n } from '../i18n/context';
import { Field } from './FormField';

interface NewPasswordFieldsProps {
  /** The first field's label, in the reader's language. */
  label: string;
  register: UseFormRegister<NewPasswordForm>;
  errors: FieldErrors<NewPasswordForm>;
}

/** A new password typed twice, marked `new-password` for password managers. */
export function NewPasswordFields({ label, register, errors }: NewPasswordFieldsProps) {
  const i18n = useI18n();
  return (
    <>
      <Field label={label} hint={i18n._('At least 10 characters')} error={errors.password?.message}>
        {(aria) => <input {...aria} type="password" autoComplete="new-password" {...register('password')} />}
      </Field>
      <Field label={i18n._('Type it again')} error={errors.confirm?.message}>
        {(aria) => <input {...aria} type="password" autoComplete="new-password" {...register('confirm')} />}
      </Field>
    </>
  );
}
