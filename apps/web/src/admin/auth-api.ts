import { queryOptions } from '@tanstack/react-query';
import {
  loginChallengeSchema,
  loginResultSchema,
  type LoginCodeInput,
  type LoginChallenge,
  type LoginInput,
  type LoginResult,
} from '@marketplace/shared';
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
async function loginCall(path: string, input: LoginInput | LoginCodeInput): Promise<unknown> {
  return apiRequest<unknown>(path, { method: 'POST', body: input, defaultMessage: LOGIN_DEFAULT_ERROR }).catch(
    (error: unknown) => {
      if (error instanceof ApiError)
        throw new ApiError(`Login failed with status ${error.status}`, error.status, error.body);
      throw error;
    },
  );
}

function session(answer: unknown): LoginResult {
  const parsed = loginResultSchema.partial({ display_name: true, role: true }).safeParse(answer);
  if (!parsed.success) throw new ApiError('Login failed with status 200', 200);
  const { token, display_name = '', role = '', second_factor_setup } = parsed.data;
  return { token, display_name, role, ...(second_factor_setup ? { second_factor_setup } : {}) };
}

/** The password step: a session, or for staff with a second factor the challenge the code step needs. */
export async function login(input: LoginInput): Promise<LoginResult | LoginChallenge> {
  const answer = await loginCall('/v1/auth/login', input);
  const challenge = loginChallengeSchema.safeParse(answer);
  return challenge.success ? challenge.data : session(answer);
}

/** The code step (docs/decisions/0050): a code from the authenticator app or a recovery code. */
export async function loginWithCode(input: LoginCodeInput): Promise<LoginResult> {
  return session(await loginCall('/v1/auth/login/code', input));
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
  /** The shop of a Shop staff member (docs/decisions/0061); null for other roles. */
  shop_id?: number | null;
  /** The session may only set up the second factor required of this staff member (docs/decisions/0050). */
  second_factor_setup?: boolean;
}

/** Who is signed in (the role decides what the layout offers). */
export const meQuery = () =>
  queryOptions({
    queryKey: ['me'] as const,
    queryFn: ({ signal }) => adminRequest<StaffMember>('/v1/auth/me', { defaultMessage: ME_ERROR, signal }),
    meta: { defaultMessage: ME_ERROR },
  });
