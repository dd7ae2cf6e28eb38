import { useQuery } from '@tanstack/react-query';
import { RETURN_STATUSES, formatStaffTime } from '@marketplace/shared';
import { Link } from '../../lib/router';
import { DataTable, TablePager } from '../components/DataTable';
import { useShopChoices } from '../components/ShopSelect';
import { Loaded, TableSkeleton } from '../components/status';
import { Badge, PageHeader, td } from '../components/ui';
import { usePageParam } from '../list-params';
import { FilteredEmpty, usePastEndPage } from '../components/filtered-list';
import { useStatusShopFilters } from '../status-shop-filters';
import { usePageTitle } from '../use-page-title';
import { RETURN_ERRORS, RETURNS_PAGE_SIZE, returnsPageQuery } from './api';
import { RETURN_KIND_LABELS, RETURN_STATUS_LABELS, RETURN_STATUS_TONES } from './labels';
import { ReturnFilterBar } from './ReturnFilterBar';

/** Every return and warranty claim, newest first, 20 a page, filtered by status and shop. */
export function ReturnsListPage() {
  usePageTitle('Returns');
  const [filters, setFilters] = useStatusShopFilters(RETURN_STATUSES);
  const [page, setPage] = usePageParam();
  const returns = useQuery(
    returnsPageQuery(filters, { limit: RETURNS_PAGE_SIZE, offset: (page - 1) * RETURNS_PAGE_SIZE }),
  );
  const shops = useShopChoices();
  const shopName = (id: number | null) => shops?.find((shop) => shop.id === id)?.name ?? (id ? `Shop #${id}` : '—');
  const data = returns.data;
  const filtered = filters.status !== null || filters.shopId !== null;

  const pastEnd = usePastEndPage(
    page,
    setPage,
    data && { rows: data.returns.length, total: data.total },
    RETURNS_PAGE_SIZE,
  );

  return (
    <section>
      <PageHeader title="Returns" />
      <ReturnFilterBar filters={filters} onChange={setFilters} />
      <Loaded
        resource={returns}
        fallback={RETURN_ERRORS.list}
        skeleton={<TableSkeleton rows={8} label="Loading returns…" />}
        waiting={pastEnd}
        isEmpty={(list) => list.total === 0}
        empty={
          <FilteredEmpty
            filtered={filtered}
            noun="returns"
            none="No returns or warranty claims yet."
            onClear={() => setFilters({ status: null, shopId: null })}
          />
        }
      >
        {(list) => (
          <>
            <p className="mb-2 text-sm text-stone-600" aria-live="polite">
              {`${list.total} return${list.total === 1 ? '' : 's'}`}
            </p>
            <DataTable
              label="Returns"
              minWidth="min-w-[52rem]"
              columns={['Reference', 'Order', 'Item', 'Kind', 'Status', 'Shop', 'Asked on']}
            >
              {list.returns.map((ret) => (
                <tr key={ret.id} data-testid={`return-row-${ret.id}`}>
                  {/* The first cell opens it: at 360 px the row is reached without scrolling the table sideways. */}
                  <td className={`${td} whitespace-nowrap font-semibold tabular-nums`}>
                    <Link to={`/admin/returns/${ret.id}`} className="text-teal-800 underline">
                      {ret.reference}
                    </Link>
                  </td>
                  <td className={`${td} whitespace-nowrap tabular-nums`}>{ret.order_number}</td>
                  <td className={`${td} [overflow-wrap:anywhere]`}>{ret.item_name}</td>
                  <td className={td}>{RETURN_KIND_LABELS[ret.kind]}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <Badge tone={RETURN_STATUS_TONES[ret.status]}>{RETURN_STATUS_LABELS[ret.status]}</Badge>
                  </td>
                  <td className={td}>{shopName(ret.shop_id)}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={ret.created_at}>{formatStaffTime(ret.created_at)}</time>
                  </td>
                </tr>
              ))}
            </DataTable>
            <TablePager
              page={page}
              total={list.total}
              size={RETURNS_PAGE_SIZE}
              onPage={setPage}
              label="Returns pages"
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
