import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { loginSchema, type LoginInput, type LoginResult } from '@marketplace/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from '../../lib/router';
import { BRAND } from '../../lib/brand';
import { usePageTitle } from '../use-page-title';
import { ApiError } from '../../lib/api-client';
import { login, loginErrorText } from '../auth-api';
import { buttonStyles, TextField } from '../components/ui';
import { startSession, useAuthToken } from '../session';
import { dismissToasts, notifyLoginError } from '../toasts';
import { CodeStep } from './CodeStep';

export function LoginPage() {
  usePageTitle('Admin Login');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useAuthToken();
  // Set once the password was right for an account with two-step login: the code step shows.
  const [challenge, setChallenge] = useState<string | null>(null);
  // Set when strangers' failed logins capped the account: staff with two-step login type a code with the
  // password to get in all the same (docs/decisions/0085).
  const [capped, setCapped] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  if (token && !isSubmitting) return <Navigate to="/admin/dashboard" replace />;

  function signedIn(result: LoginResult) {
    dismissToasts();
    // A session that ended on a 401 may have left another staff member's data behind.
    queryClient.clear();
    startSession(result.token, result.display_name);
    // Staff who must set up two-step login can do nothing else first.
    navigate(result.second_factor_setup ? '/admin/account' : '/admin/dashboard', { replace: true });
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await login(values);
      if ('challenge' in result) {
        dismissToasts();
        setChallenge(result.challenge);
      } else signedIn(result);
    } catch (error) {
      notifyLoginError(loginErrorText(error));
      if (error instanceof ApiError && (error.body as { code?: unknown } | null)?.code === 'account_capped')
        setCapped(true);
    }
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-100 px-4 py-10">
      <div className="w-full max-w-sm">
        <p className="mb-4 text-center text-sm font-semibold text-teal-800">{BRAND}</p>
        <div className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
          {challenge ? (
            <CodeStep challenge={challenge} onSignedIn={signedIn} onRestart={() => setChallenge(null)} />
          ) : (
            <>
              <h1 className="mb-5 text-xl font-bold text-stone-900">Admin Login</h1>
              <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
                <TextField
                  label="Email"
                  type="email"
                  autoComplete="username"
                  error={errors.email?.message}
                  {...register('email')}
                />
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  error={errors.password?.message}
                  {...register('password')}
                />
                {capped && (
                  <div className="space-y-2">
                    <p className="text-sm text-stone-700">
                      If you use two-step login, type a code from your authenticator app with your password to log in
                      now.
                    </p>
                    <TextField
                      label="Two-step code"
                      autoComplete="one-time-code"
                      spellCheck={false}
                      error={errors.code?.message}
                      {...register('code')}
                    />
                  </div>
                )}
                <button type="submit" className={`${buttonStyles.primary} w-full min-h-10`} disabled={isSubmitting}>
                  {isSubmitting ? 'Logging in…' : 'Login'}
                </button>
              </form>
            </>
          )}
          <p className="mt-4 text-center text-sm">
            <Link to="/forgot-password" className="text-teal-800 underline">
              Forgot your password?
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
