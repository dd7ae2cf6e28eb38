import { z } from 'zod';

export const ROLES = ['Admin', 'Moderator', 'User'] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Roles that may use the back-office; Moderators everything but users. */
export const STAFF_ROLES = ['Admin', 'Moderator'] as const satisfies readonly Role[];
export const roleSchema = z.enum(ROLES, { message: 'Role is required' });
export const statusSchema = z.enum(USER_STATUSES, { message: 'Status is required' });
