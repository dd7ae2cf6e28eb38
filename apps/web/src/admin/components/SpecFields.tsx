import { suggestSpecs, type SpecSuggestion } from '@marketplace/shared';
import { useEffect, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './ui';

export type SpecName = 'brand' | 'storage_gb' | 'ram_gb';
const SPEC_NAMES: readonly SpecName[] = ['brand', 'storage_gb', 'ram_gb'];

/** A suggestion as the form's text fields hold it; '' where nothing was found. */
export function specTexts(suggestion: SpecSuggestion): Record<SpecName, string> {
  return {
    brand: suggestion.brand ?? '',
    storage_gb: suggestion.storage_gb === null ? '' : String(suggestion.storage_gb),
    ram_gb: suggestion.ram_gb === null ? '' : String(suggestion.ram_gb),
  };
}

/**
 * Fills brand, storage and RAM from the item's name and description as they are typed (decision 0069). A
 * field is filled only while it holds what was last suggested (at first: empty), so a value already stated
 * or one staff typed stays.
 */
export function useSuggestedSpecs(
  name: unknown,
  description: unknown,
  form: { get: (key: SpecName) => unknown; set: (key: SpecName, value: string) => void },
) {
  const { brand, storage_gb, ram_gb } = specTexts(suggestSpecs(String(name ?? ''), String(description ?? '')));
  const last = useRef<Record<SpecName, string>>({ brand: '', storage_gb: '', ram_gb: '' });
  useEffect(() => {
    const next = { brand, storage_gb, ram_gb };
    for (const key of SPEC_NAMES) {
      if (String(form.get(key) ?? '') === last.current[key]) form.set(key, next[key]);
      last.current[key] = next[key];
    }
    // `form` is made anew each render; the suggestion is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [brand, storage_gb, ram_gb]);
}

interface SpecFieldsProps {
  /** The form's field binder (see useSchemaForm). */
  field: (name: SpecName) => UseFormRegisterReturn & { error?: string | undefined };
  disabled?: boolean;
}

/** Brand, storage and RAM: the product forms and Add to Inventory. */
export function SpecFields({ field, disabled }: SpecFieldsProps) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3" disabled={disabled}>
      <legend className="sr-only">Brand, storage and RAM</legend>
      <TextField
        label="Brand"
        autoComplete="off"
        hint="Suggested from the name; check it."
        maxLength={50}
        {...field('brand')}
      />
      <TextField
        label="Storage (GB)"
        inputMode="numeric"
        autoComplete="off"
        hint="1 TB is 1024. Empty when not stated."
        {...field('storage_gb')}
      />
      <TextField
        label="RAM (GB)"
        inputMode="numeric"
        autoComplete="off"
        hint="Memory, not storage. Empty when not stated."
        {...field('ram_gb')}
      />
    </fieldset>
  );
}
