import { useId, type ReactNode } from 'react';
import { useI18n } from '../i18n/context';
import { translateKnown } from '../i18n/labels';

const controlClass =
  'block min-h-11 w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 aria-[invalid=true]:border-red-700';

interface ControlAria {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  /** Label and hint come in the reader's language (the caller's i18n._). */
  label: string;
  /** The field's message in English, as a shared schema or the server words it: shown translated here, for every form. */
  error?: string;
  hint?: string;
  className?: string;
  children: (aria: ControlAria) => ReactNode;
}

/** A label, the control (rendered by the caller with these ids), an optional hint and the field's message. */
export function Field({ label, error, hint, className = '', children }: FieldProps) {
  const id = useId();
  const i18n = useI18n();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-stone-800">
        {label}
      </label>
      {children({
        id,
        className: controlClass,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {translateKnown(i18n, error)}
        </p>
      )}
    </div>
  );
}
