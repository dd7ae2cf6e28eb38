import { CEIR_LABELS, CEIR_RESULTS, formatStaffTime, type DeviceRecord } from '@marketplace/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, TextField } from './ui';

type Name = 'imeis.0' | 'imeis.1' | 'ceir';

interface DeviceFieldsProps {
  /** The form's field binder (see useSchemaForm). */
  field: (name: Name) => UseFormRegisterReturn & { error?: string | undefined };
  /** A message about the two together (the same IMEI twice). */
  listError?: string | undefined;
  /** The record as saved: who checked the CEIR and when, and alerts. */
  saved?: DeviceRecord | undefined;
  disabled?: boolean;
}

/** A phone's or tablet's IMEIs and the MACRA CEIR check (decision 0057): request detail and both product forms. */
export function DeviceFields({ field, listError, saved, disabled }: DeviceFieldsProps) {
  const imei = { inputMode: 'numeric', autoComplete: 'off', disabled } as const;
  return (
    <fieldset className="space-y-4" disabled={disabled}>
      <legend className="text-sm font-medium text-stone-700">
        Phones and tablets: the IMEI and the MACRA CEIR check
      </legend>
      {saved?.alerts.map((alert) => (
        <p key={alert} role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {alert}
        </p>
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="IMEI" hint="15 digits: dial *#06# on the device." {...imei} {...field('imeis.0')} />
        <TextField
          label="Second IMEI (dual-SIM)"
          hint="Empty for a single-SIM device."
          {...imei}
          {...withListError(field('imeis.1'), listError)}
        />
      </div>
      <SelectField label="MACRA CEIR check" {...field('ceir')}>
        {CEIR_RESULTS.map((result) => (
          <option key={result} value={result}>
            {CEIR_LABELS[result]}
          </option>
        ))}
      </SelectField>
      {saved?.ceir_checked_at && (
        <p className="text-sm text-stone-700">
          Checked by {saved.ceir_checked_by ?? 'a former staff member'} on {formatStaffTime(saved.ceir_checked_at)}
        </p>
      )}
    </fieldset>
  );
}

function withListError<T extends { error?: string | undefined }>(props: T, listError: string | undefined): T {
  return props.error || !listError ? props : { ...props, error: listError };
}
