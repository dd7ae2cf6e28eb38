import { loginResultSchema, type LoginInput, type LoginResult } from '@marketplace/shared';
import { API_BASE } from '../lib/config';
import { adminRequest } from './api';
import type { StaffMember } from './admin-context';

export const LOGIN_DEFAULT_ERROR = 'Login failed. Please try again.';

/** Spec 8: a non-200 answer throws 'Login failed with status {status}' and carries the problem's detail and title. */
export class LoginError extends Error {
  readonly status: number;
  readonly detail?: string;
  readonly title?: string;

  constructor(status: number, detail?: string, title?: string) {
    super(`Login failed with status ${status}`);
    this.name = 'LoginError';
    this.status = status;
    this.detail = detail;
    this.title = title;
  }
}

/** The toast text: the response's detail, else its title, else 'Login failed. Please try again.'. */
export function loginErrorText(error: unknown): string {
  if (error instanceof LoginError) return error.detail || error.title || LOGIN_DEFAULT_ERROR;
  return LOGIN_DEFAULT_ERROR;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

export async function login(input: LoginInput): Promise<LoginResult> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/v1/auth/login`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    throw new LoginError(0);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.status !== 200) {
    const problem = (body ?? {}) as { detail?: unknown; title?: unknown };
    throw new LoginError(response.status, text(problem.detail), text(problem.title));
  }
  const parsed = loginResultSchema.partial({ display_name: true, role: true }).safeParse(body);
  if (!parsed.success) throw new LoginError(response.status);
  return { token: parsed.data.token, display_name: parsed.data.display_name ?? '', role: parsed.data.role ?? '' };
}

export function logout(): Promise<void> {
  return adminRequest<void>('/v1/auth/logout', { method: 'POST', defaultMessage: 'Logout failed' });
}

export function fetchMe(signal?: AbortSignal): Promise<StaffMember> {
  return adminRequest<StaffMember>('/v1/auth/me', { defaultMessage: 'Failed to load your account', signal });
}
