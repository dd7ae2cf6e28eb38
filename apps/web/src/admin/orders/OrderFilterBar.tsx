import { ORDER_STATUSES, type OrderStatus } from '@marketplace/shared';
import { ShopSelect } from '../components/ShopSelect';
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
      <ShopSelect value={filters.shopId} shops={shops} onChange={(shopId) => onChange({ shopId })} />
    </div>
  );
}
