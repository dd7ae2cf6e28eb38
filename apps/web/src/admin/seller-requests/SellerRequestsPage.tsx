import { formatMoney, statusTone } from '@marketplace/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { LoadError, TableSkeleton } from '../components/status';
import { Badge, buttonStyles, PageHeader, Pager, TableWrap, td, th } from '../components/ui';
import { pageCount, usePageParam } from '../list-params';
import { usePageTitle } from '../use-page-title';
import { useResource } from '../use-resource';
import { fetchSellerRequests, SELLER_ERRORS, SELLER_REQUESTS_PAGE_SIZE } from './api';

/** Spec 2 seller requests list: 5 per page over the server's total, newest first. */
export function SellerRequestsPage() {
  usePageTitle('Seller Requests');
  const [page, setPage] = usePageParam();
  const offset = (page - 1) * SELLER_REQUESTS_PAGE_SIZE;
  const requests = useResource(`seller-requests:${offset}`, (signal) => fetchSellerRequests(offset, signal), SELLER_ERRORS.list);
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
      {!data && requests.error !== undefined ? (
        <LoadError error={requests.error} fallback={SELLER_ERRORS.list} onRetry={requests.reload} />
      ) : !data || pastEnd ? (
        <TableSkeleton rows={SELLER_REQUESTS_PAGE_SIZE} />
      ) : data.total === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-700">No seller requests yet.</p>
      ) : (
        <>
          <TableWrap label="Seller requests" minWidth="min-w-[44rem]">
            <thead>
              <tr>
                <th scope="col" className={th}>Name</th>
                <th scope="col" className={th}>Email</th>
                <th scope="col" className={th}>Item Name</th>
                <th scope="col" className={`${th} text-right`}>Price</th>
                <th scope="col" className={th}>Status</th>
                <th scope="col" className={`${th} text-right`}>
                  <span className="sr-only">View</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.seller_requests.map((request) => (
                <tr key={request.id}>
                  <td className={`${td} font-medium`}>{request.seller_name}</td>
                  <td className={`${td} break-all`}>{request.email}</td>
                  <td className={td}>{request.item_name}</td>
                  <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{formatMoney(request.price)}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <Badge tone={statusTone(request.status)}>{request.status}</Badge>
                  </td>
                  <td className={`${td} text-right`}>
                    <Link
                      to={`/admin/seller-requests/${request.id}`}
                      className={buttonStyles.secondarySmall}
                      aria-label={`View ${request.item_name} from ${request.seller_name}`}
                    >
                      View
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableWrap>
          <Pager page={Math.min(page, pages)} pages={pages} onPage={setPage} label="Seller requests pages" />
        </>
      )}
    </section>
  );
}
