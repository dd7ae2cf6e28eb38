import { z } from 'zod';
import { blankToNull, wholeNumberField } from './condition.js';
import { BRAND_MAX, RAM_GB_MAX, STORAGE_GB_MAX } from './spec-values.js';

// An item's brand, storage and memory (docs/decisions/0069): one schema per field, used by the product
// forms, the routes, the discover filters and the types.

/** An empty query value is left out, as a GET form sends it (as pagination.ts's blankIsAbsent; that module imports this one). */
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

const BRAND_CHARACTERS = /^[\p{L}\p{N} .&+'-]+$/u;
export const BRAND_INVALID = `Brand must be at most ${BRAND_MAX} letters, digits, spaces or . & + ' -`;
export const STORAGE_INVALID = `Storage must be a whole number of GB from 1 to ${STORAGE_GB_MAX}`;
export const RAM_INVALID = `RAM must be a whole number of GB from 1 to ${RAM_GB_MAX}`;

/** A brand as staff type it ("Samsung"); blank is null (not stated). */
export const brandField = z.preprocess(
  (v) => {
    const blank = blankToNull(v);
    return typeof blank === 'string' ? blank.trim().replace(/\s+/g, ' ') : blank;
  },
  z.string({ message: BRAND_INVALID }).max(BRAND_MAX, BRAND_INVALID).regex(BRAND_CHARACTERS, BRAND_INVALID).nullable(),
);
export const storageGbField = wholeNumberField(1, STORAGE_GB_MAX, STORAGE_INVALID);
export const ramGbField = wholeNumberField(1, RAM_GB_MAX, RAM_INVALID);

/** What a product states about brand, storage and memory; each missing one is null (not stated). */
export const productSpecFields = { brand: brandField, storage_gb: storageGbField, ram_gb: ramGbField };

/** Editing a product: a field left out keeps what is stored (an older form), an empty one clears it. */
export const productSpecChanges = {
  brand: brandField.optional(),
  storage_gb: storageGbField.optional(),
  ram_gb: ramGbField.optional(),
};

export const BRAND_FILTER_INVALID = `brand must be at most ${BRAND_MAX} letters, digits, spaces or . & + ' -`;
export const STORAGE_FILTER_INVALID = `storage must be a whole number of GB from 1 to ${STORAGE_GB_MAX}`;
export const RAM_FILTER_INVALID = `ram must be a whole number of GB from 1 to ${RAM_GB_MAX}`;

/**
 * A size filter: digits only, no leading zero, so each size has one spelling (and one cache entry):
 * `storage=0128`, `1e3`, `-8` or `abc` are 400s, not other keys for the same answer.
 */
function sizeFilter(max: number, message: string) {
  return z.preprocess(
    // A query string's text, or a JSON body's number (an alert's filters: decision 0070).
    (v) => (typeof v === 'number' ? String(v) : blankIsAbsent(v)),
    z
      .string({ message })
      .regex(/^[1-9]\d{0,5}$/, message)
      .transform(Number)
      .refine((n) => n <= max, message)
      .optional(),
  );
}

/** `?brand=Samsung&storage=128&ram=8` on the public lists (docs/decisions/0069). */
export const specFilterFields = {
  brand: z.preprocess(
    blankIsAbsent,
    z
      .string({ message: BRAND_FILTER_INVALID })
      .trim()
      .min(1, BRAND_FILTER_INVALID)
      .max(BRAND_MAX, BRAND_FILTER_INVALID)
      .regex(BRAND_CHARACTERS, BRAND_FILTER_INVALID)
      .optional(),
  ),
  storage: sizeFilter(STORAGE_GB_MAX, STORAGE_FILTER_INVALID),
  ram: sizeFilter(RAM_GB_MAX, RAM_FILTER_INVALID),
};

/** GET /v1/products/specs: the brands, storage sizes and memory sizes of published items, for the filters. */
export const specsListSchema = z.object({
  brands: z.array(z.string()),
  storage_gb: z.array(z.number().int()),
  ram_gb: z.array(z.number().int()),
});
export type SpecsList = z.infer<typeof specsListSchema>;
