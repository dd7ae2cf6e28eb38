import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { applyFieldErrors } from '../lib/form-errors';

/** react-hook-form checked by one of the shared schemas (the server checks with the same one). */
export function useSchemaForm<In extends FieldValues, Out>(
  schema: z.ZodType<Out, In>,
  defaultValues: DefaultValues<In>,
) {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues });
  /** register() and the field's message, to spread on a TextField, TextAreaField or SelectField. */
  const field = (name: Path<In>) => ({
    ...form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  });
  return { form, field };
}

/** A form over one of the shared action schemas; `markFields` puts a server 400's messages under the fields. */
export function useActionForm<In extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<Out, In>,
  defaultValues: DefaultValues<In>,
) {
  const { form, field } = useSchemaForm(schema, defaultValues);
  const markFields = (error: unknown) =>
    applyFieldErrors(error, form.setError, Object.keys(defaultValues) as Path<In>[]);
  return { form, field, markFields };
}
