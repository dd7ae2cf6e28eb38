import { useSearchParams } from '../lib/router';

/** A list's filters: one status of its flow (null: all) and one shop (null: all). */
export interface StatusShopFilters<S extends string> {
  status: S | null;
  shopId: number | null;
}

/** ?status=&shop_id= as the list filters; a value the server would refuse (an old or edited link) is ignored. */
function readFilters<S extends string>(params: URLSearchParams, statuses: readonly S[]): StatusShopFilters<S> {
  const status = params.get('status');
  const shop = params.get('shop_id') ?? '';
  return {
    status: (statuses as readonly (string | null)[]).includes(status) ? (status as S) : null,
    shopId: /^[1-9]\d{0,8}$/.test(shop) ? Number(shop) : null,
  };
}

/** The filters live in the URL so a reload and Back keep them; changing one goes back to page 1. */
export function useStatusShopFilters<S extends string>(
  statuses: readonly S[],
): [StatusShopFilters<S>, (next: Partial<StatusShopFilters<S>>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, statuses);
  const setFilters = (next: Partial<StatusShopFilters<S>>) => {
    setParams((current) => {
      const copy = new URLSearchParams(current);
      const merged = { ...readFilters(current, statuses), ...next };
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
