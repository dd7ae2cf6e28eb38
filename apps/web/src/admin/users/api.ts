import type { CreateUserInput, UpdateUserInput, User } from '@marketplace/shared';
import { adminRequest, query } from '../api';

export const USERS_PAGE_SIZE = 50;
export const USERS_ERRORS = {
  list: 'Failed to fetch users',
  one: 'Failed to fetch user by ID',
  create: 'Failed to create user',
  update: 'Failed to update user',
  remove: 'Failed to delete user',
} as const;

export interface UserPage {
  users: User[];
  total: number;
}

/** Spec 7: the list may come back as an array or as an object holding `users`. */
export async function fetchUsers(page: { limit: number; offset: number }, signal?: AbortSignal): Promise<UserPage> {
  const body = await adminRequest<User[] | { users: User[]; total?: number }>(`/admin/users${query(page)}`, { defaultMessage: USERS_ERRORS.list, signal });
  if (Array.isArray(body)) return { users: body, total: body.length };
  return { users: body.users ?? [], total: body.total ?? body.users?.length ?? 0 };
}

export function fetchUser(id: string, signal?: AbortSignal): Promise<User> {
  return adminRequest<User>(`/admin/users/${encodeURIComponent(id)}`, { defaultMessage: USERS_ERRORS.one, signal });
}

export function createUser(input: CreateUserInput): Promise<User> {
  return adminRequest<User>('/admin/users', { method: 'POST', json: input, defaultMessage: USERS_ERRORS.create });
}

export function updateUser(id: number | string, input: UpdateUserInput): Promise<User> {
  return adminRequest<User>(`/admin/users/${encodeURIComponent(String(id))}`, { method: 'PUT', json: input, defaultMessage: USERS_ERRORS.update });
}

export function deleteUser(id: number): Promise<void> {
  return adminRequest<void>(`/admin/users/${id}`, { method: 'DELETE', defaultMessage: USERS_ERRORS.remove });
}
