import { z } from 'zod';
import { emailField, requiredText } from './fields.js';
import { listOf } from './pagination.js';
import { roleSchema, SHOP_STAFF, statusSchema } from './roles.js';

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

export const SHOP_REQUIRED = 'Shop is required for Shop staff';
export const SHOP_ONLY_FOR_STAFF = 'Only Shop staff belong to a shop';
/** The shop of a Shop staff user (docs/decisions/0061); other roles have none. */
const shopIdField = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number({ message: SHOP_REQUIRED }).int(SHOP_REQUIRED).positive(SHOP_REQUIRED).max(2_147_483_647).nullish(),
);
/** Shop staff need a shop, and no other role may have one. */
function shopForRole(value: { role: string; shop_id?: number | null | undefined }, ctx: z.RefinementCtx) {
  const has = value.shop_id !== undefined && value.shop_id !== null;
  if (value.role === SHOP_STAFF && !has) ctx.addIssue({ code: 'custom', path: ['shop_id'], message: SHOP_REQUIRED });
  if (value.role !== SHOP_STAFF && has)
    ctx.addIssue({ code: 'custom', path: ['shop_id'], message: SHOP_ONLY_FOR_STAFF });
}

export const createUserSchema = z
  .object({
    first_name: requiredText('First name is required', 100),
    last_name: requiredText('Last name is required', 100),
    display_name: requiredText('Display name is required', 100),
    email: emailField,
    password: passwordField,
    role: roleSchema.default('User'),
    shop_id: shopIdField,
  })
  .superRefine(shopForRole);
export type CreateUserInput = z.input<typeof createUserSchema>;

export const updateUserSchema = z
  .object({
    display_name: requiredText('Name is required', 100),
    email: emailField,
    role: roleSchema,
    status: statusSchema,
    shop_id: shopIdField,
  })
  .superRefine(shopForRole);
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
  /** Whether 10 wrong codes in a row locked it (docs/decisions/0085); an Admin can unlock it. */
  second_factor_locked: z.boolean(),
  /** The shop of a Shop staff user; null for other roles. */
  shop_id: z.number().int().nullable(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = listOf('users', userSchema);
