import { z } from 'zod';

/** `/{id}` path parameters: a positive whole number, else a 400 naming the problem. */
export const idParams = z.object({
  id: z.coerce.number({ message: 'id must be a number' }).positive('id must be positive').max(2_147_483_647, 'id is too large').int('id must be a whole number'),
});
