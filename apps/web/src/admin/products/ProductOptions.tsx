import type { Category, Shop } from '@marketplace/shared';
import { fetchAllCategories } from '../categories/api';
import { fetchAllShops } from '../shops/api';
import { useResource } from '../use-resource';

export interface ProductOptions {
  shops: Shop[];
  categories: Category[];
}

/** The shops and categories a product form offers. */
export function useProductOptions() {
  return useResource<ProductOptions>(
    'product-options',
    async (signal) => {
      const [shops, categories] = await Promise.all([fetchAllShops(signal), fetchAllCategories(signal)]);
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      return { shops: [...shops].sort(byName), categories: [...categories].sort(byName) };
    },
    'Failed to fetch shops and categories',
  );
}

export function CategoryOptions({ categories }: { categories: readonly Category[] }) {
  return (
    <>
      <option value="">Select a category</option>
      {categories.map((c) => (
        <option key={c.id} value={String(c.id)}>
          {c.parent ? `${c.parent} › ${c.name}` : c.name}
        </option>
      ))}
    </>
  );
}

export function ShopOptions({ shops }: { shops: readonly Shop[] }) {
  return (
    <>
      <option value="">Select a shop</option>
      {shops.map((s) => (
        <option key={s.id} value={String(s.id)}>
          {s.name}
        </option>
      ))}
    </>
  );
}
