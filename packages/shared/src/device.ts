import { z } from 'zod';

// A phone's or tablet's IMEI and staff's check of it on MACRA's CEIR register (docs/decisions/0057):
// one schema used by the back-office form, the routes and the types.

export const CEIR_RESULTS = ['compliant', 'non_compliant', 'not_checked'] as const;
export type CeirResult = (typeof CEIR_RESULTS)[number];
export const CEIR_LABELS: Record<CeirResult, string> = {
  compliant: 'Compliant',
  non_compliant: 'Not compliant (blacklisted)',
  not_checked: 'Not checked',
};

export const MAX_IMEIS = 2;
export const IMEI_LENGTH = 'IMEI must be 15 digits';
export const IMEI_CHECK_DIGIT = "This IMEI's check digit is wrong: check it on the device (*#06#)";
export const TOO_MANY_IMEIS = 'A device has at most two IMEIs (dual-SIM)';
export const SAME_IMEI_TWICE = 'The two IMEIs must differ';
export const CEIR_INVALID = `ceir must be one of ${CEIR_RESULTS.join(', ')}`;

/** The Luhn rule an IMEI's 15th digit satisfies: every second digit from the right doubled, the sum ends in 0. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Staff copy IMEIs from boxes and screens with spaces or dashes ('35-693803-564380-9'): dropped before the check. */
export const imeiSchema = z
  .string({ message: IMEI_LENGTH })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{15}$/, IMEI_LENGTH)
      .refine(luhnValid, IMEI_CHECK_DIGIT),
  );

/** 0-2 distinct IMEIs; blank entries (an empty second field of the form) are none. */
export const imeisSchema = z
  .array(z.string({ message: IMEI_LENGTH }), { message: IMEI_LENGTH })
  .transform((list) => list.filter((s) => s.trim() !== ''))
  .pipe(
    z
      .array(imeiSchema)
      .max(MAX_IMEIS, TOO_MANY_IMEIS)
      .refine((list) => new Set(list).size === list.length, SAME_IMEI_TWICE),
  );

export const ceirSchema = z.enum(CEIR_RESULTS, { message: CEIR_INVALID });

/** PUT /admin/products/{id}/device and /admin/seller-requests/{id}/device. */
export const deviceSchema = z.object({ imeis: imeisSchema, ceir: ceirSchema });
export type DeviceInput = z.input<typeof deviceSchema>;

/** The device record staff see: who checked the CEIR and when; alerts only on a seller request. */
export const deviceRecordSchema = z.object({
  imeis: z.array(z.string()),
  ceir: ceirSchema,
  ceir_checked_by: z.string().nullable(),
  ceir_checked_at: z.string().nullable(),
  /** E.g. an IMEI seen on an item sold before: staff should ask the seller how they came by it. */
  alerts: z.array(z.string()),
});
export type DeviceRecord = z.infer<typeof deviceRecordSchema>;

/** The create product form sends the device as multipart text: IMEIs comma-separated, no CEIR as not checked. */
export const deviceFields = {
  imeis: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (typeof v === 'string' ? v.split(',') : (v ?? [])))
    .pipe(imeisSchema),
  ceir: z.preprocess((v) => (v === undefined || v === '' ? 'not_checked' : v), ceirSchema),
};
