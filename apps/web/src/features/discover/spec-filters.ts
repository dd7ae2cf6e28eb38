import { BRAND_MAX, RAM_GB_MAX, STORAGE_GB_MAX } from '@marketplace/shared';

// The brand, storage and RAM filters as a URL or the filters form holds them (decision 0069), in the
// spellings the API takes: what it would refuse is left out, so a hand-edited link still shows a page.

type SpecFilters = { brand?: string; storage?: string; ram?: string };

const BRAND = new RegExp(`^[\\p{L}\\p{N} .&+'-]{1,${BRAND_MAX}}$`, 'u');
const size = (value: string, max: number) => (/^[1-9]\d{0,5}$/.test(value) && Number(value) <= max ? value : undefined);

/** The filters from a URL's query or the filters form; empty or refused values are absent. */
export function specFiltersFrom(values: { get(name: string): unknown }): SpecFilters {
  const text = (name: string) => {
    const value = values.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const out: SpecFilters = {};
  const brand = text('brand');
  if (BRAND.test(brand)) out.brand = brand;
  const storage = size(text('storage'), STORAGE_GB_MAX);
  if (storage) out.storage = storage;
  const ram = size(text('ram'), RAM_GB_MAX);
  if (ram) out.ram = ram;
  return out;
}
