import { ORDER_STATUSES, type OrderStatus } from '@marketplace/shared';
import { useSearchParams } from '../../lib/router';
import type { OrderFilters } from './api';

const isStatus = (value: string | null): value is OrderStatus =>
  (ORDER_STATUSES as readonly (string | null)[]).includes(value);

/** ?status=&shop_id= as the list filters; a value the server would refuse (an old or edited link) is ignored. */
function readFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  const shop = params.get('shop_id') ?? '';
  return {
    status: isStatus(status) ? status : null,
    shopId: /^[1-9]\d{0,8}$/.test(shop) ? Number(shop) : null,
  };
}

/** The filters live in the URL so a reload and Back keep them; changing one goes back to page 1. */
export function useOrderFilters(): [OrderFilters, (next: Partial<OrderFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const setFilters = (next: Partial<OrderFilters>) => {
    setParams((current) => {
      const copy = new URLSearchParams(current);
      const merged = { ...readFilters(current), ...next };
      if (merged.status) copy.set('status', merged.status);
      else copy.delete('status');
      if (merged.shopId) copy.set('shop_id', String(merged.shopId));
      else copy.delete('shop_id');
      copy.delete('page');
      return copy;
    });
  };
  return [filters, setFilters];
}
