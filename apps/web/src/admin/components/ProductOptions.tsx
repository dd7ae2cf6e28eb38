import { useQuery } from '@tanstack/react-query';
import type { Category, Shop } from '@marketplace/shared';
import { useMemo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { allCategoriesQuery, allShopsQuery } from './catalogue-options';
import type { Loadable } from './status';
import { SelectField } from './ui';

export interface ProductOptions {
  shops: Shop[];
  categories: Category[];
}

export const PRODUCT_OPTIONS_ERROR = 'Failed to fetch shops and categories';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The shops and categories a product form offers, by name (the shared lists: fetched once for every form). */
export function useProductOptions(): Loadable<ProductOptions> {
  const shops = useQuery(allShopsQuery());
  const categories = useQuery(allCategoriesQuery());
  const data = useMemo(
    () =>
      shops.data && categories.data
        ? { shops: [...shops.data].sort(byName), categories: [...categories.data].sort(byName) }
        : undefined,
    [shops.data, categories.data],
  );
  return {
    data,
    error: shops.error ?? categories.error,
    refetch: () => Promise.all([shops.error && shops.refetch(), categories.error && categories.refetch()]),
  };
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
