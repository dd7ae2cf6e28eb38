import { formatMoney, statusTone } from '@marketplace/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { DataTable, RowLink, TablePager } from '../components/DataTable';
import { Loaded, TableSkeleton } from '../components/status';
import { Badge, buttonStyles, PageHeader, td } from '../components/ui';
import { pageCount, usePagedResource } from '../list-params';
import { usePageTitle } from '../use-page-title';
import { fetchSellerRequests, SELLER_ERRORS, SELLER_REQUESTS_PAGE_SIZE } from './api';

/** Spec 2 seller requests list: 5 per page over the server's total, newest first. */
export function SellerRequestsPage() {
  usePageTitle('Seller Requests');
  const { page, setPage, resource: requests } = usePagedResource(
    'seller-requests',
    SELLER_REQUESTS_PAGE_SIZE,
    ({ offset }, signal) => fetchSellerRequests(offset, signal),
    SELLER_ERRORS.list,
  );
  const data = requests.data;
  const pages = pageCount(data?.total ?? 0, SELLER_REQUESTS_PAGE_SIZE);

  // A page past the end (requests were deleted meanwhile, or an old link): show the last one instead.
  const pastEnd = data !== undefined && data.seller_requests.length === 0 && page > pages;
  useEffect(() => {
    if (pastEnd) setPage(pages);
  }, [pastEnd, pages, setPage]);

  return (
    <section>
      <PageHeader
        title="Seller Requests"
        action={
          <Link to="/admin/create-seller-request" className={buttonStyles.primary}>
            Create seller offer
          </Link>
        }
      />
      <Loaded
        resource={requests}
        fallback={SELLER_ERRORS.list}
        skeleton={<TableSkeleton rows={SELLER_REQUESTS_PAGE_SIZE} />}
        waiting={pastEnd}
        isEmpty={(list) => list.total === 0}
        empty="No seller requests yet."
      >
        {(list) => (
          <>
            <DataTable
              label="Seller requests"
              minWidth="min-w-[44rem]"
              columns={['Name', 'Email', 'Item Name', { label: 'Price', right: true }, 'Status']}
              actions="View"
            >
              {list.seller_requests.map((request) => (
                <tr key={request.id}>
                  <td className={`${td} font-medium`}>{request.seller_name}</td>
                  <td className={`${td} break-all`}>{request.email}</td>
                  <td className={td}>{request.item_name}</td>
                  <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{formatMoney(request.price)}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <Badge tone={statusTone(request.status)}>{request.status}</Badge>
                  </td>
                  <td className={`${td} text-right`}>
                    <RowLink to={`/admin/seller-requests/${request.id}`} label={`View ${request.item_name} from ${request.seller_name}`}>
                      View
                    </RowLink>
                  </td>
                </tr>
              ))}
            </DataTable>
            <TablePager page={page} total={list.total} size={SELLER_REQUESTS_PAGE_SIZE} onPage={setPage} label="Seller requests pages" always />
          </>
        )}
      </Loaded>
    </section>
  );
}
