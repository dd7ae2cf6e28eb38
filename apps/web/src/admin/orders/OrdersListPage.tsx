import { useQuery } from '@tanstack/react-query';
import {
  FULFILMENT_LABELS,
  formatMalawiPhone,
  formatMoney,
  orderStatusTone,
  formatStaffTime,
} from '@marketplace/shared';
import { DataTable, RowLink, TablePager } from '../components/DataTable';
import { Loaded, TableSkeleton } from '../components/status';
import { Badge, PageHeader, td } from '../components/ui';
import { useShopChoices } from '../components/ShopSelect';
import { usePageParam } from '../list-params';
import { FilteredEmpty, usePastEndPage } from '../components/filtered-list';
import { usePageTitle } from '../use-page-title';
import { ORDER_ERRORS, ordersPageQuery, ORDERS_PAGE_SIZE } from './api';
import { useOrderFilters } from './filters';
import { formatAge } from './format';
import { OrderFilterBar } from './OrderFilterBar';

/** Every order, newest first, 20 a page, filtered by status and shop. */
export function OrdersListPage() {
  usePageTitle('Orders');
  const [filters, setFilters] = useOrderFilters();
  const [page, setPage] = usePageParam();
  const orders = useQuery(ordersPageQuery(filters, { limit: ORDERS_PAGE_SIZE, offset: (page - 1) * ORDERS_PAGE_SIZE }));
  const shops = useShopChoices();
  const data = orders.data;
  const filtered = filters.status !== null || filters.shopId !== null;

  const pastEnd = usePastEndPage(
    page,
    setPage,
    data && { rows: data.orders.length, total: data.total },
    ORDERS_PAGE_SIZE,
  );

  return (
    <section>
      <PageHeader title="Orders" />
      <OrderFilterBar filters={filters} shops={shops} onChange={setFilters} />
      <Loaded
        resource={orders}
        fallback={ORDER_ERRORS.list}
        skeleton={<TableSkeleton rows={8} label="Loading orders…" />}
        waiting={pastEnd}
        isEmpty={(list) => list.total === 0}
        empty={
          <FilteredEmpty
            filtered={filtered}
            noun="orders"
            none="No orders yet."
            onClear={() => setFilters({ status: null, shopId: null })}
          />
        }
      >
        {(list) => (
          <>
            <p className="mb-2 text-sm text-stone-600" aria-live="polite">
              {`${list.total} order${list.total === 1 ? '' : 's'}`}
            </p>
            <DataTable
              label="Orders"
              minWidth="min-w-[52rem]"
              columns={[
                'Order',
                'Status',
                'Shop',
                'Buyer',
                { label: 'Items', right: true },
                { label: 'Total', right: true },
                'Age',
              ]}
              actions="View"
            >
              {list.orders.map((order) => (
                <tr key={order.id} data-testid={`order-row-${order.id}`}>
                  <td className={`${td} whitespace-nowrap`}>
                    <span className="font-semibold tabular-nums">{order.number}</span>
                    <span className="block text-xs text-stone-600">{FULFILMENT_LABELS[order.fulfilment]}</span>
                  </td>
                  <td className={`${td} whitespace-nowrap`}>
                    <Badge tone={orderStatusTone(order.status)}>{order.status}</Badge>
                  </td>
                  <td className={td}>{order.shop?.name ?? 'Unknown'}</td>
                  <td className={td}>
                    <span className="block font-medium">{order.buyer_name}</span>
                    <span className="block whitespace-nowrap text-xs text-stone-600">
                      {formatMalawiPhone(order.phone)}
                    </span>
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{order.item_count}</td>
                  <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{formatMoney(order.total)}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={order.created_at} title={formatStaffTime(order.created_at)}>
                      {formatAge(order.created_at)}
                    </time>
                  </td>
                  <td className={`${td} text-right`}>
                    <RowLink to={`/admin/orders/${order.id}`} label={`View order ${order.number}`}>
                      View
                    </RowLink>
                  </td>
                </tr>
              ))}
            </DataTable>
            <TablePager page={page} total={list.total} size={ORDERS_PAGE_SIZE} onPage={setPage} label="Orders pages" />
          </>
        )}
      </Loaded>
    </section>
  );
}
