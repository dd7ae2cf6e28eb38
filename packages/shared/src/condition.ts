import { z } from 'zod';
import { BATTERY_HEALTH_MAX, BATTERY_HEALTH_MIN, CONDITION_GRADES, WARRANTY_DAYS_MAX } from './condition-grades.js';

// An item's condition grade, the shop's warranty and a battery's health (docs/decisions/0029):
// one schema per field, used by the forms, the routes and the types.

export const CONDITION_INVALID = `condition must be one of ${CONDITION_GRADES.join(', ')}`;
export const CONDITION_REQUIRED = /*i18n*/ "Choose the item's condition";
export const WARRANTY_INVALID = `Warranty must be a whole number of days from 0 to ${WARRANTY_DAYS_MAX}`;
export const BATTERY_INVALID = `Battery health must be a whole percent from ${BATTERY_HEALTH_MIN} to ${BATTERY_HEALTH_MAX}`;

/** A grade, exactly as stored: 'like_new', 'good', 'fair' or 'for_parts'. */
export const conditionSchema = z.enum(CONDITION_GRADES, { message: CONDITION_INVALID });

/** Missing, empty (an unchosen radio in a multipart form) or null: not stated. */
export const blankToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v;

/** Optional at the API (older clients send none): not stated is null, "not graded"; anything sent must be a grade. */
export const conditionField = z.preprocess(blankToNull, conditionSchema.nullable());

/** The forms ask for a grade: nothing chosen gets a message saying so, not the list of keys. */
export const requiredConditionField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.enum(CONDITION_GRADES, { error: (issue) => (issue.input === undefined ? CONDITION_REQUIRED : CONDITION_INVALID) }),
);

/** A whole number from a JSON number or a digit string (multipart sends text); blank is null (not stated). */
export function wholeNumberField(min: number, max: number, message: string) {
  return z.preprocess((v) => {
    const blank = blankToNull(v);
    if (typeof blank !== 'string') return blank;
    // Up to 9 digits converts exactly; longer or non-digit text fails below with the field's message.
    return /^\d{1,9}$/.test(blank.trim()) ? Number(blank.trim()) : blank;
  }, z.number({ message }).int(message).min(min, message).max(max, message).nullable());
}

/** Days of warranty the shop gives; 0 says it gives none. */
export const warrantyDaysField = wholeNumberField(0, WARRANTY_DAYS_MAX, WARRANTY_INVALID);
/** A phone's or laptop's battery health in percent. */
export const batteryHealthField = wholeNumberField(BATTERY_HEALTH_MIN, BATTERY_HEALTH_MAX, BATTERY_INVALID);

/** What a product states about its condition; each missing one is null (not stated). */
export const productConditionFields = {
  condition: conditionField,
  warranty_days: warrantyDaysField,
  battery_health: batteryHealthField,
};

/** Editing a product: a field left out keeps what is stored (an older form), an empty one clears it. */
export const productConditionChanges = {
  condition: conditionField.optional(),
  warranty_days: warrantyDaysField.optional(),
  battery_health: batteryHealthField.optional(),
};

/** PUT /admin/seller-requests/{id}/condition: staff set or correct the grade; null (or '') clears it. */
export const requestConditionSchema = z.object({
  condition: z.preprocess((v) => (v === '' ? null : v), conditionSchema.nullable()),
});
