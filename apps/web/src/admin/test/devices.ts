import type { DeviceRecord } from '@marketplace/shared';

/** The device record of an item nobody recorded one for (most items: no phone, or older stock). */
export const NO_DEVICE: DeviceRecord = {
  imeis: [],
  ceir: 'not_checked',
  ceir_checked_by: null,
  ceir_checked_at: null,
  alerts: [],
};
