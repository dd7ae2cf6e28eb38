import { ORDER_STATUSES, type OrderStatus } from '@marketplace/shared';
import { useStatusShopFilters } from '../status-shop-filters';

/** ?status=&shop_id= of the orders list (see useStatusShopFilters). */
export const useOrderFilters = () => useStatusShopFilters<OrderStatus>(ORDER_STATUSES);
