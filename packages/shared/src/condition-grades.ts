// Zod-free condition grades: cards and the product page read them without loading the schemas (see
// condition.ts for those), like order-constants.ts.

/** Best to worst. Stored as these keys; people read the labels (English, marked for the web's catalogues). */
export const CONDITION_GRADES = ['like_new', 'good', 'fair', 'for_parts'] as const;
export type ConditionGrade = (typeof CONDITION_GRADES)[number];

export const CONDITION_LABELS: Readonly<Record<ConditionGrade, string>> = {
  like_new: /*i18n*/ 'Like new',
  good: /*i18n*/ 'Good',
  fair: /*i18n*/ 'Fair',
  for_parts: /*i18n*/ 'For parts',
};

/** One plain line each, shown wherever a grade is chosen or read, so every grade means the same to all. */
export const CONDITION_DEFINITIONS: Readonly<Record<ConditionGrade, string>> = {
  like_new: /*i18n*/ 'No marks or wear; works perfectly, like it just came out of the box.',
  good: /*i18n*/ 'Light signs of use such as small scratches; everything works.',
  fair: /*i18n*/ 'Clear signs of use such as scratches or dents; everything works.',
  for_parts: /*i18n*/ 'Does not fully work; for repair or spare parts.',
};

export const WARRANTY_DAYS_MAX = 3650;
export const BATTERY_HEALTH_MIN = 1;
export const BATTERY_HEALTH_MAX = 100;

export function isConditionGrade(value: unknown): value is ConditionGrade {
  return typeof value === 'string' && (CONDITION_GRADES as readonly string[]).includes(value);
}
