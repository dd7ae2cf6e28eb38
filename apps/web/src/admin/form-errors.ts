import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../lib/api-client';

/** Puts the server's per-field messages (problem `errors`) under the matching fields; returns how many matched. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): number {
  if (!(error instanceof ApiError)) return 0;
  let matched = 0;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const name = fields.find((f) => f === field);
    if (name) {
      setError(name, { type: 'server', message });
      matched += 1;
    }
  }
  return matched;
}
