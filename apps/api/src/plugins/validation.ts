import type { z } from 'zod';
import { HttpError } from './errors.js';
import { hasNul, NUL_REFUSED } from './no-nul.js';

/**
 * Validates multipart text fields with the same zod schema the form uses; a failure is a 400 whose
 * `errors` holds the schema's message per field (the first one also as `message`).
 */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  if (hasNul(fields)) throw new HttpError(400, NUL_REFUSED);
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
  throw new HttpError(400, Object.values(errors)[0] ?? 'Invalid request', errors);
}
