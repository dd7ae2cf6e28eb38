import type { Category, Shop } from '@marketplace/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fetchAllCategories } from '../categories/api';
import { fetchAllShops } from '../shops/api';
import { SelectField } from '../components/ui';
import { useResource } from '../use-resource';

export interface ProductOptions {
  shops: Shop[];
  categories: Category[];
}

export const PRODUCT_OPTIONS_ERROR = 'Failed to fetch shops and categories';

/** The shops and categories a product form offers. */
export function useProductOptions() {
  return useResource<ProductOptions>(
    'product-options',
    async (signal) => {
      const [shops, categories] = await Promise.all([fetchAllShops(signal), fetchAllCategories(signal)]);
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      return { shops: [...shops].sort(byName), categories: [...categories].sort(byName) };
    },
    PRODUCT_OPTIONS_ERROR,
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

interface PlacementProps {
  /** The form's field binder (see useSchemaForm). */
  field: (name: 'category_id' | 'shop_id') => UseFormRegisterReturn & { error?: string };
  categories: readonly Category[];
  shops: readonly Shop[];
}

/** Where a product is listed: the Category and Shop selects of both product forms. */
export function PlacementFields({ field, categories, shops }: PlacementProps) {
  return (
    <>
      <SelectField label="Category" {...field('category_id')}>
        <CategoryOptions categories={categories} />
      </SelectField>
      <SelectField label="Shop" {...field('shop_id')}>
        <ShopOptions shops={shops} />
      </SelectField>
    </>
  );
}
