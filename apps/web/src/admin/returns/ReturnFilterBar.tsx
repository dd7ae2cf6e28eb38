import { useQuery } from '@tanstack/react-query';
import { RETURN_STATUSES, SHOP_STAFF, type ReturnStatus } from '@marketplace/shared';
import { meQuery } from '../auth-api';
import { ShopSelect, useShopChoices } from '../components/ShopSelect';
import { SelectField } from '../components/ui';
import type { ReturnFilters } from './api';
import { RETURN_STATUS_LABELS } from './labels';

interface ReturnFilterBarProps {
  filters: ReturnFilters;
  onChange: (next: Partial<ReturnFilters>) => void;
}

/** Status and shop selects, applied at once; Shop staff see their own shop's returns only, so no shop to choose. */
export function ReturnFilterBar({ filters, onChange }: ReturnFilterBarProps) {
  const shopStaff = useQuery(meQuery()).data?.role === SHOP_STAFF;
  const shops = useShopChoices();
  return (
    <div role="group" aria-label="Filter returns" className="mb-4 grid gap-3 sm:max-w-xl sm:grid-cols-2">
      <SelectField
        label="Status"
        value={filters.status ?? ''}
        onChange={(event) => onChange({ status: (event.target.value || null) as ReturnStatus | null })}
      >
        <option value="">All statuses</option>
        {RETURN_STATUSES.map((status) => (
          <option key={status} value={status}>
            {RETURN_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      {!shopStaff && <ShopSelect value={filters.shopId} shops={shops} onChange={(shopId) => onChange({ shopId })} />}
    </div>
  );
}
