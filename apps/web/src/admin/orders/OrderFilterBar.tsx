import { ORDER_STATUSES, type OrderStatus } from '@marketplace/shared';
import { SelectField } from '../components/ui';
import type { OrderFilters } from './api';

interface OrderFilterBarProps {
  filters: OrderFilters;
  /** The shops to choose from; undefined while they load. */
  shops: readonly { id: number; name: string }[] | undefined;
  onChange: (next: Partial<OrderFilters>) => void;
}

/** Status and shop selects; each change applies at once (no submit button to find on a phone). */
export function OrderFilterBar({ filters, shops, onChange }: OrderFilterBarProps) {
  // A shop in the URL that is not (yet) in the list still shows as chosen rather than as 'All shops'.
  const chosenMissing = filters.shopId !== null && !shops?.some((shop) => shop.id === filters.shopId);
  return (
    <div role="group" aria-label="Filter orders" className="mb-4 grid gap-3 sm:max-w-xl sm:grid-cols-2">
      <SelectField
        label="Status"
        value={filters.status ?? ''}
        onChange={(event) => onChange({ status: (event.target.value || null) as OrderStatus | null })}
      >
        <option value="">All statuses</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Shop"
        value={filters.shopId === null ? '' : String(filters.shopId)}
        onChange={(event) => onChange({ shopId: event.target.value ? Number(event.target.value) : null })}
      >
        <option value="">All shops</option>
        {chosenMissing && <option value={String(filters.shopId)}>{`Shop #${filters.shopId}`}</option>}
        {shops?.map((shop) => (
          <option key={shop.id} value={String(shop.id)}>
            {shop.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
