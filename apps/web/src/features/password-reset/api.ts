import { apiRequest } from '../../lib/api-client';

/** Asks for a reset link; the server answers the same whether the email has an account or not. */
export async function askForResetLink(email: string): Promise<void> {
  await apiRequest<unknown>('/v1/auth/password-reset', {
    method: 'POST',
    body: { email },
    defaultMessage: /*i18n*/ 'Could not send the link. Please try again.',
  });
}

export async function setNewPassword(token: string, password: string): Promise<void> {
  await apiRequest<unknown>(`/v1/auth/password-reset/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: { password },
    defaultMessage: /*i18n*/ 'Could not change your password. Please try again.',
  });
}
