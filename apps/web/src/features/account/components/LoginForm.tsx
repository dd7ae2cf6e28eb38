import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@marketplace/shared';
import { useForm } from 'react-hook-form';
import { Field } from '../../../components/FormField';
import { FormRefusal } from '../../../components/FormRefusal';
import { Link } from '../../../lib/router';
import { login } from '../api';
import { useI18n } from '../../../i18n/context';

/** Email and password; the session token goes to `onLoggedIn`, a refusal shows above the button. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (token: string) => void }) {
  const i18n = useI18n();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async (values) => {
    try {
      onLoggedIn((await login(values)).token);
    } catch (error) {
      setError('root', {
        type: 'server',
        message: error instanceof Error ? error.message : /*i18n*/ 'Login failed. Please try again.',
      });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <Field label={i18n._('Email')} error={errors.email?.message}>
        {(aria) => <input {...aria} type="email" autoComplete="username" {...register('email')} />}
      </Field>
      <Field label={i18n._('Password')} error={errors.password?.message}>
        {(aria) => <input {...aria} type="password" autoComplete="current-password" {...register('password')} />}
      </Field>
      <FormRefusal message={errors.root?.message} />
      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? i18n._('Logging in…') : i18n._('Log in')}
      </button>
      <p className="text-sm">
        <Link to="/forgot-password" className="underline">
          {i18n._('Forgot your password?')}
        </Link>
      </p>
    </form>
  );
}
