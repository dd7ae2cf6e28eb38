import { queryOptions } from '@tanstack/react-query';
import type { CreateUserInput, UpdateUserInput, User } from '@marketplace/shared';
import { adminRequest, rowsPageQuery, type PageWindow } from '../api';

export const USERS_PAGE_SIZE = 50;
export const USERS_ERRORS = {
  list: 'Failed to fetch users',
  one: 'Failed to fetch user by ID',
  create: 'Failed to create user',
  update: 'Failed to update user',
  remove: 'Failed to delete user',
  resetLink: 'Failed to send the password reset link',
  resetSecondFactor: 'Failed to reset two-step login',
  unlockSecondFactor: 'Failed to unlock two-step login',
} as const;

export const userKeys = {
  all: ['users'] as const,
  page: (page: PageWindow) => [...userKeys.all, 'page', page] as const,
  one: (id: string) => [...userKeys.all, 'one', id] as const,
};

export const usersPageQuery = (page: PageWindow) =>
  rowsPageQuery<User>({
    queryKey: userKeys.page(page),
    path: '/admin/users',
    keys: ['users'],
    params: page,
    defaultMessage: USERS_ERRORS.list,
  });

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.one(id),
    queryFn: ({ signal }) =>
      adminRequest<User>(`/admin/users/${encodeURIComponent(id)}`, { defaultMessage: USERS_ERRORS.one, signal }),
    meta: { defaultMessage: USERS_ERRORS.one },
  });

export function createUser(input: CreateUserInput): Promise<User> {
  return adminRequest<User>('/admin/users', { method: 'POST', body: input, defaultMessage: USERS_ERRORS.create });
}

export function updateUser(id: number | string, input: UpdateUserInput): Promise<User> {
  return adminRequest<User>(`/admin/users/${encodeURIComponent(String(id))}`, {
    method: 'PUT',
    body: input,
    defaultMessage: USERS_ERRORS.update,
  });
}

export function deleteUser(id: number): Promise<void> {
  return adminRequest<void>(`/admin/users/${id}`, { method: 'DELETE', defaultMessage: USERS_ERRORS.remove });
}

/** Mails the user a one-time link to set a new password (docs/decisions/0043). */
export async function sendResetLink(id: number): Promise<void> {
  await adminRequest<unknown>(`/admin/users/${encodeURIComponent(String(id))}/password-reset`, {
    method: 'POST',
    defaultMessage: USERS_ERRORS.resetLink,
  });
}

/** Unlocks a two-step login that 10 wrong codes locked (docs/decisions/0085): the same app goes on working. */
export async function unlockSecondFactor(id: number): Promise<void> {
  await adminRequest<unknown>(`/admin/users/${encodeURIComponent(String(id))}/second-factor/unlock`, {
    method: 'POST',
    defaultMessage: USERS_ERRORS.unlockSecondFactor,
  });
}

/** Clears the user's two-step login (a lost phone): their sessions end and they set it up at the next login. */
export async function resetSecondFactor(id: number): Promise<void> {
  await adminRequest<unknown>(`/admin/users/${encodeURIComponent(String(id))}/second-factor/reset`, {
    method: 'POST',
    defaultMessage: USERS_ERRORS.resetSecondFactor,
  });
}
