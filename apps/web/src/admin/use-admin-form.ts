import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { useNavigate } from '../lib/router';
import type { z } from 'zod';
import { errorMessage, isAbortError } from '../lib/api-client';
import { applyFieldErrors } from '../lib/form-errors';
import { notifySuccess } from './toasts';
import { useSchemaForm } from './use-schema-form';
import { markStale } from './query-client';

export interface SaveTexts {
  /** Toasted once saved. */
  success: string;
  /** Where to go once saved (the list). */
  done: string;
  /** The message when the server refuses without one (docs/product.md#error-catalogue). */
  fallback: string;
  /** The queries the write changes: asked again once it is saved. */
  invalidates: QueryKey;
}

/**
 * A back-office screen's form (see useSchemaForm) and the one way it is sent. Each screen decides itself
 * how a refusal is told (toast, text above the form, or both), so `save` hands the message back.
 */
export function useAdminForm<In extends FieldValues, Out>(
  schema: z.ZodType<Out, In>,
  defaultValues: DefaultValues<In>,
  fields: readonly Path<In>[],
) {
  const { form, field } = useSchemaForm(schema, defaultValues);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);

  /** Sends; once saved toasts and opens the list. Refused: the server's per-field messages go under the fields and its message is kept in `serverError` and returned. */
  async function save(
    send: () => Promise<unknown>,
    { success, done, fallback, invalidates }: SaveTexts,
  ): Promise<string | undefined> {
    setServerError(null);
    try {
      await send();
      // The screen is left for the list: the changed queries are asked again when next shown, not by this screen.
      markStale(queryClient, invalidates);
      notifySuccess(success);
      navigate(done);
      return undefined;
    } catch (error) {
      // Cancelled by staff (an upload's Cancel): the form says so itself, nothing was refused.
      if (isAbortError(error)) return undefined;
      applyFieldErrors(error, form.setError, fields);
      const message = errorMessage(error, fallback);
      setServerError(message);
      return message;
    }
  }

  return { form, field, serverError, setServerError, save };
}
