import { z } from 'zod';

export const ROLES = ['Admin', 'Moderator', 'Shop staff', 'User'] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Roles that may use the back-office; Moderators everything but users; Shop staff their own shop's work only. */
export const STAFF_ROLES = ['Admin', 'Moderator', 'Shop staff'] as const satisfies readonly Role[];
/** The role bound to one shop (docs/decisions/0061): it needs a shop_id, and no other role has one. */
export const SHOP_STAFF = 'Shop staff' satisfies Role;
export const roleSchema = z.enum(ROLES, { message: 'Role is required' });
export const statusSchema = z.enum(USER_STATUSES, { message: 'Status is required' });
