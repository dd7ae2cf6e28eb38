import { queryOptions } from '@tanstack/react-query';
import { loginResultSchema, type LoginInput, type LoginResult } from '@marketplace/shared';
import { ApiError, apiRequest, problemText } from '../lib/api-client';
import { adminRequest } from './api';

export const LOGIN_DEFAULT_ERROR = 'Login failed. Please try again.';

/**
 * docs/product.md#error-catalogue: the toast says the response's detail, else its title, else 'Login failed. Please try
 * again.'.
 */
export function loginErrorText(error: unknown): string {
  return (error instanceof ApiError && problemText(error.body, ['detail', 'title'])) || LOGIN_DEFAULT_ERROR;
}

/** A failed login throws 'Login failed with status {status}', carrying the answer for the toast. */
export async function login(input: LoginInput): Promise<LoginResult> {
  const answer = await apiRequest<unknown>('/v1/auth/login', {
    method: 'POST',
    body: input,
    defaultMessage: LOGIN_DEFAULT_ERROR,
  }).catch((error: unknown) => {
    if (error instanceof ApiError)
      throw new ApiError(`Login failed with status ${error.status}`, error.status, error.body);
    throw error;
  });
  const parsed = loginResultSchema.partial({ display_name: true, role: true }).safeParse(answer);
  if (!parsed.success) throw new ApiError('Login failed with status 200', 200);
  return { token: parsed.data.token, display_name: parsed.data.display_name ?? '', role: parsed.data.role ?? '' };
}

export function logout(): Promise<void> {
  return adminRequest<void>('/v1/auth/logout', { method: 'POST', defaultMessage: 'Logout failed' });
}

const ME_ERROR = 'Failed to load your account';

/** Who is signed in (GET /api/v1/auth/me). Used only for navigation: the server checks every call. */
interface StaffMember {
  id: number;
  display_name: string;
  email: string;
  role: string;
}

/** Who is signed in (the role decides what the layout offers). */
export const meQuery = () =>
  queryOptions({
    queryKey: ['me'] as const,
    queryFn: ({ signal }) => adminRequest<StaffMember>('/v1/auth/me', { defaultMessage: ME_ERROR, signal }),
    meta: { defaultMessage: ME_ERROR },
  });
