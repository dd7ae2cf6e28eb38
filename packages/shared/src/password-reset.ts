import { z } from 'zod';
import { loginSchema } from './auth.js';
import { passwordField } from './users.js';

/** POST /v1/auth/password-reset: the email to send a reset link to (the answer never says whether it has an account). */
export const passwordResetRequestSchema = loginSchema.pick({ email: true });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** POST /v1/auth/password-reset/{token}: the new password. */
export const passwordResetSchema = z.object({ password: passwordField });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

export const RESET_LINK_SENT =
  /*i18n*/ 'If an account uses this email address, we have sent it a link to set a new password. The link works for 30 minutes.';
export const RESET_LINK_INVALID = /*i18n*/ 'This link has expired or was already used. Please ask for a new one.';
export const PASSWORD_CHANGED = /*i18n*/ 'Your password has been changed. You can now log in with it.';

export const PASSWORDS_DIFFER = /*i18n*/ 'The two passwords are not the same';
/** A form setting a password: typed twice, since nobody can show it back later. */
export const newPasswordFormSchema = passwordResetSchema
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: PASSWORDS_DIFFER });
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;
