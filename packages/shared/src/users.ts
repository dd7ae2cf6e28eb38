import { z } from 'zod';
import { emailField, requiredText } from './fields.js';
import { listOf } from './pagination.js';
import { roleSchema, statusSchema } from './roles.js';

// 10 to 128 characters, no composition rules (docs/decisions/0042). The server also refuses common and
// breached passwords (COMMON_PASSWORD), which a form cannot know.
export const PASSWORD_MIN = 10;
export const passwordField = z
  .string({ message: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, /*i18n*/ 'Password must be at least 10 characters')
  .max(128, 'Password must be at most 128 characters');
export const COMMON_PASSWORD =
  /*i18n*/ 'This password is too common: it appears in lists of leaked passwords. Please choose another.';

export const createUserSchema = z.object({
  first_name: requiredText('First name is required', 100),
  last_name: requiredText('Last name is required', 100),
  display_name: requiredText('Display name is required', 100),
  email: emailField,
  password: passwordField,
  role: roleSchema.default('User'),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const updateUserSchema = z.object({
  display_name: requiredText('Name is required', 100),
  email: emailField,
  role: roleSchema,
  status: statusSchema,
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: statusSchema,
  created_at: z.string(),
  /** Whether the user logs in with a second factor (docs/decisions/0050); an Admin can reset it. */
  second_factor: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = listOf('users', userSchema);
