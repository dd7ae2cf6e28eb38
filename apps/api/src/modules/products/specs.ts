import type { SpecsList } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { publishedSpecs } from './repository.js';

/**
 * The brands, storage sizes and memory sizes of published items, for the discover filters (decision 0069):
 * brands sorted by name, one spelling per brand whatever its case (the one most items use); sizes ascending.
 */
export async function listedSpecs(db: Executor): Promise<SpecsList> {
  const { brands, storage, ram } = await publishedSpecs(db);
  const spelling = new Map<string, { brand: string; n: number }>();
  for (const row of brands) {
    const n = Number(row.n);
    const seen = spelling.get(row.brand!.toLowerCase());
    if (!seen || n > seen.n || (n === seen.n && row.brand! < seen.brand))
      spelling.set(row.brand!.toLowerCase(), { brand: row.brand!, n });
  }
  return {
    brands: [...spelling.values()].map((s) => s.brand).sort((a, b) => a.localeCompare(b)),
    storage_gb: storage.map((r) => r.storage_gb!),
    ram_gb: ram.map((r) => r.ram_gb!),
  };
}
