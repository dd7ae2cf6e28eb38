import { z } from 'zod';

export const loginSchema = z.object({
  email: z.string({ message: 'Email is required' }).trim().min(1, 'Email is required').max(254, 'Invalid email'),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(128, 'Password must be at most 128 characters'),
});
export type LoginInput = z.infer<typeof loginSchema>;
export const loginResultSchema = z.object({ token: z.string(), display_name: z.string(), role: z.string() });
export type LoginResult = z.infer<typeof loginResultSchema>;
export const LOGIN_FAILED = 'Invalid email or password';
