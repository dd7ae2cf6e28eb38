import type { ComponentProps } from 'react';
import { SHOP_STAFF } from '@marketplace/shared';
import { useShopChoices } from '../components/ShopSelect';
import { SelectField } from '../components/ui';

interface ShopFieldProps extends Omit<ComponentProps<typeof SelectField>, 'label' | 'children'> {
  /** The role chosen in the form: only Shop staff belong to a shop (docs/decisions/0061). */
  role: string;
}

/** 'Shop' for a Shop staff user, from the shops list; nothing for other roles. */
export function ShopField({ role, ...field }: ShopFieldProps) {
  const shops = useShopChoices();
  if (role !== SHOP_STAFF) return null;
  return (
    <SelectField label="Shop" {...field}>
      <option value="">Choose a shop</option>
      {shops?.map((shop) => (
        <option key={shop.id} value={String(shop.id)}>
          {shop.name}
        </option>
      ))}
    </SelectField>
  );
}
