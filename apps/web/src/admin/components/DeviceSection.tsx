import { deviceSchema, type DeviceRecord } from '@marketplace/shared';
import { errorMessage, errorStatus } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../toasts';
import { useSchemaForm } from '../use-schema-form';
import { DeviceFields } from './DeviceFields';
import { CardForm } from './CardForm';

interface DeviceSectionProps {
  device: DeviceRecord;
  /** PUT .../device; rejects with the server's refusal (a 409 names the item already holding the IMEI). */
  save: (input: { imeis: string[]; ceir: DeviceRecord['ceir'] }) => Promise<unknown>;
  /** The message when the server refuses without one. */
  fallback: string;
  /** Someone else changed or deleted the item meanwhile. */
  onStale?: () => void;
}

/** The "Device" card of the seller request detail and the product edit page: its own form and Save. */
export function DeviceSection({ device, save, fallback, onStale }: DeviceSectionProps) {
  const { form, field } = useSchemaForm(deviceSchema, {
    imeis: [device.imeis[0] ?? '', device.imeis[1] ?? ''],
    ceir: device.ceir,
  });
  const { isSubmitting, isDirty } = form.formState;
  const listError = form.formState.errors.imeis?.message ?? form.formState.errors.imeis?.root?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save(values);
      notifySuccess('Device saved');
      form.reset({ imeis: [values.imeis[0] ?? '', values.imeis[1] ?? ''], ceir: values.ceir });
    } catch (failure) {
      notifyError(errorMessage(failure, fallback));
      if (errorStatus(failure) === 404) onStale?.();
    }
  });

  return (
    <CardForm
      title="Device"
      onSubmit={(event) => void onSubmit(event)}
      submitLabel="Save device"
      submitting={isSubmitting}
      pristine={!isDirty}
    >
      <DeviceFields field={field} listError={listError} saved={device} disabled={isSubmitting} />
    </CardForm>
  );
}
