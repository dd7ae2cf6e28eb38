import { useQuery } from '@tanstack/react-query';
import {
  FULFILMENT_LABELS,
  formatMalawiPhone,
  formatMoney,
  orderStatusTone,
  formatStaffTime,
} from '@marketplace/shared';
import { useEffect } from 'react';
import { DataTable, RowLink, TablePager } from '../components/DataTable';
import { Loaded, TableSkeleton } from '../components/status';
import { Badge, buttonStyles, PageHeader, td } from '../components/ui';
import { useShopChoices } from '../components/ShopSelect';
import { pageCount, usePageParam } from '../list-params';
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
  const pages = pageCount(data?.total ?? 0, ORDERS_PAGE_SIZE);
  const filtered = filters.status !== null || filters.shopId !== null;

  // A page past the end (orders left the filter meanwhile, or an old link): show the last one instead.
  const pastEnd = data !== undefined && data.orders.length === 0 && page > pages;
  useEffect(() => {
    if (pastEnd) setPage(pages);
  }, [pastEnd, pages, setPage]);

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
          filtered ? (
            <>
              No orders match these filters.{' '}
              <button
                type="button"
                className={`${buttonStyles.quietSmall} ml-1`}
                onClick={() => setFilters({ status: null, shopId: null })}
              >
                Clear filters
              </button>
            </>
          ) : (
            'No orders yet.'
          )
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
