import type { UseFormRegisterReturn } from 'react-hook-form';
import { ConditionChoice } from '../../components/ConditionChoice';
import { TextField } from '../components/ui';

type Name = 'condition' | 'warranty_days' | 'battery_health';

interface ConditionFieldsProps {
  /** The form's field binder (see useSchemaForm). */
  field: (name: Name) => UseFormRegisterReturn & { error?: string | undefined };
  disabled?: boolean;
}

/** The grade (or not graded), the shop's warranty and the battery's health: both product forms. */
export function ConditionFields({ field, disabled }: ConditionFieldsProps) {
  const { error, ...condition } = field('condition');
  return (
    <div className="space-y-4">
      <ConditionChoice input={condition} error={error} allowNotGraded disabled={disabled} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Warranty (days)"
          inputMode="numeric"
          autoComplete="off"
          hint="What the shop gives: 0 for none, empty when not stated."
          {...field('warranty_days')}
        />
        <TextField
          label="Battery health (%)"
          inputMode="numeric"
          autoComplete="off"
          hint="Phones and laptops; empty when not measured."
          {...field('battery_health')}
        />
      </div>
    </div>
  );
}
