import { CONDITION_DEFINITIONS, CONDITION_GRADES, CONDITION_LABELS } from '@marketplace/shared';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '../i18n/context';
import { translateKnown } from '../i18n/labels';

export interface ConditionChoiceProps {
  /** The form's binding for the `condition` field (react-hook-form's register). */
  input: UseFormRegisterReturn;
  /** Already in the reader's language; by default "Condition". */
  legend?: string;
  /** A validation message in English (the shared schemas'): shown translated. */
  error?: string | undefined;
  /** Staff may leave an item not graded (items listed before grades existed); sellers must choose. */
  allowNotGraded?: boolean;
  disabled?: boolean;
}

// English ids (marked for the catalogue, the grades' in packages/shared), translated where they are shown.
const NOT_GRADED = { value: '', label: /*i18n*/ 'Not graded', definition: /*i18n*/ 'No grade is shown to buyers.' };
const OPTIONS = CONDITION_GRADES.map((grade) => ({
  value: grade,
  label: CONDITION_LABELS[grade],
  definition: CONDITION_DEFINITIONS[grade],
}));

/**
 * The condition grade as a radio group, each grade with its one-line definition in view, so sellers and
 * staff grade alike. Each radio is named by its grade and described by its definition (and the message);
 * the group says it is invalid.
 */
export function ConditionChoice({ input, legend, error, allowNotGraded = false, disabled }: ConditionChoiceProps) {
  const id = useId();
  const i18n = useI18n();
  const options = allowNotGraded ? [...OPTIONS, NOT_GRADED] : OPTIONS;
  return (
    <fieldset disabled={disabled} role="radiogroup" aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-semibold text-stone-800">{legend ?? i18n._('Condition')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const optionId = `${id}-${option.value || 'none'}`;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-stone-300 bg-white px-3 py-2 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
            >
              <input
                id={optionId}
                type="radio"
                value={option.value}
                className="mt-0.5 size-5 shrink-0 accent-teal-700"
                aria-labelledby={`${optionId}-label`}
                aria-describedby={error ? `${optionId}-definition ${id}-error` : `${optionId}-definition`}
                {...input}
              />
              <span className="min-w-0">
                <span id={`${optionId}-label`} className="block text-sm font-semibold text-stone-900">
                  {i18n._(option.label)}
                </span>
                <span id={`${optionId}-definition`} className="block text-xs text-stone-700">
                  {i18n._(option.definition)}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {translateKnown(i18n, error)}
        </p>
      )}
    </fieldset>
  );
}
