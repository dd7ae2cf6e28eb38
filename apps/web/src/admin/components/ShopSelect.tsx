import { useQuery } from '@tanstack/react-query';
import { SHOP_STAFF, type Shop } from '@marketplace/shared';
import { meQuery } from '../auth-api';
import { allShopsQuery } from './catalogue-options';
import { SelectField } from './ui';

type ShopChoice = { id: number; name: string };

const byName = (shops: readonly Shop[]): ShopChoice[] =>
  shops.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));

/** The shops to filter by, by name, from the shared shops list; undefined while they load. */
export function useShopChoices(): ShopChoice[] | undefined {
  return useQuery({ ...allShopsQuery(), select: byName }).data;
}

interface ShopSelectProps {
  /** The chosen shop's id; null for all shops. */
  value: number | null;
  shops: readonly ShopChoice[] | undefined;
  onChange: (shopId: number | null) => void;
}

/** 'Shop' with 'All shops' first: a list or report filtered by shop, applied at once. */
export function ShopSelect({ value, shops, onChange }: ShopSelectProps) {
  const me = useQuery(meQuery()).data;
  // Shop staff work on one shop (docs/decisions/0061): the server keeps their lists to it, the picker shows it fixed.
  if (me?.role === SHOP_STAFF && me.shop_id) {
    const own = shops?.find((shop) => shop.id === me.shop_id);
    return (
      <SelectField label="Shop" value={String(me.shop_id)} disabled>
        <option value={String(me.shop_id)}>{own?.name ?? `Shop #${me.shop_id}`}</option>
      </SelectField>
    );
  }
  // A shop in the URL that is not (yet) in the list still shows as chosen rather than as 'All shops'.
  const chosenMissing = value !== null && !shops?.some((shop) => shop.id === value);
  return (
    <SelectField
      label="Shop"
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
    >
      <option value="">All shops</option>
      {chosenMissing && <option value={String(value)}>{`Shop #${value}`}</option>}
      {shops?.map((shop) => (
        <option key={shop.id} value={String(shop.id)}>
          {shop.name}
        </option>
      ))}
    </SelectField>
  );
}
