// Zod-free limits of an item's brand, storage and memory (docs/decisions/0069), shared by the schemas
// (specs.ts), the suggestion (spec-suggest.ts) and the screens, like condition-grades.ts.

export const BRAND_MAX = 50;
/** Storage in whole GB: up to 64 TB, far above any phone or laptop on sale. */
export const STORAGE_GB_MAX = 65536;
/** Memory (RAM) in whole GB. */
export const RAM_GB_MAX = 2048;

/** "1024 GB" reads as "1 TB"; whole GB below a terabyte stay GB. */
export function sizeLabel(gb: number): string {
  return gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024} TB` : `${gb} GB`;
}
