import { z } from 'zod';

/**
 * A path parameter holding a database id: a positive whole number within PostgreSQL's integer, else a 400
 * whose message starts with `label` (each route keeps the wording its clients and tests know).
 */
export function idParam(label: string) {
  return z.coerce
    .number({ message: `${label} must be a number` })
    .positive(`${label} must be positive`)
    .max(2_147_483_647, `${label} is too large`)
    .int(`${label} must be a whole number`);
}

/** `/{id}` path parameters. */
export const idParams = z.object({ id: idParam('id') });

/** `/{token}` path parameters of private links: the handler checks the token, so a malformed one is a 404 like a wrong one. */
export const tokenParams = z.object({ token: z.string() });
