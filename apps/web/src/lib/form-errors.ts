import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's per-field messages (problem `errors`) under the matching fields; returns how many matched.
 * `focus`: the first matched field takes the keyboard focus.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  { focus = false }: { focus?: boolean } = {},
): number {
  if (!(error instanceof ApiError)) return 0;
  let matched = 0;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const name = fields.find((f) => f === field);
    if (name) {
      setError(name, { type: 'server', message }, { shouldFocus: focus && matched === 0 });
      matched += 1;
    }
  }
  return matched;
}

/**
 * A refusal of a public form: the server's field messages under their fields, or else its message (or
 * `fallback`, in English: shown through translateKnown) above the button, in the form's `root` error.
 */
export function showRefusal<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): void {
  if (applyFieldErrors(error, setError, fields, { focus: true }) > 0) return;
  setError('root', { type: 'server', message: error instanceof Error ? error.message : fallback });
}
