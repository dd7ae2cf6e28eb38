import type { AccountItems, LoginInput, LoginResult } from '@marketplace/shared';
import { apiRequest } from '../../lib/api-client';

export const ITEMS_FAILED = /*i18n*/ 'Could not load your items';

export function login(input: LoginInput): Promise<LoginResult> {
  return apiRequest<LoginResult>('/v1/auth/login', {
    method: 'POST',
    body: input,
    defaultMessage: /*i18n*/ 'Login failed. Please try again.',
  });
}

/** Ends the session on the server; the phone forgets it whatever the answer (a 204, or none when offline). */
export async function logout(token: string): Promise<void> {
  await apiRequest<unknown>('/v1/auth/logout', { method: 'POST', token, defaultMessage: 'Logout failed' }).catch(
    () => undefined,
  );
}

export function fetchItems(token: string, signal: AbortSignal): Promise<AccountItems> {
  return apiRequest<AccountItems>('/v1/account/items', { token, signal, defaultMessage: ITEMS_FAILED });
}

/** Adds an item the seller holds the private link of; the updated list comes back. */
export function claimItem(token: string, statusToken: string): Promise<AccountItems> {
  return apiRequest<AccountItems>('/v1/account/items', {
    method: 'POST',
    token,
    body: { status_token: statusToken },
    defaultMessage: /*i18n*/ 'Could not add the item to your account',
  });
}

/**
 * Opens the link mailed to a seller who asked for an account, with the password they choose: the account is made
 * and the seller logged in.
 */
export function confirmAccount(linkToken: string, password: string): Promise<LoginResult> {
  return apiRequest<LoginResult>(`/v1/account/confirm/${encodeURIComponent(linkToken)}`, {
    method: 'POST',
    body: { password },
    defaultMessage: /*i18n*/ 'Could not make your account. Please try again.',
  });
}
