import { useQuery } from '@tanstack/react-query';
import { formatMoney, statusTone } from '@marketplace/shared';
import { useEffect } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { DataTable, RowLink, TablePager } from '../components/DataTable';
import { SearchForm } from '../components/SearchForm';
import { Loaded, TableSkeleton } from '../components/status';
import { Badge, buttonStyles, CheckboxField, PageHeader, td } from '../components/ui';
import { pageCount, usePageParam } from '../list-params';
import { usePageTitle } from '../use-page-title';
import { SELLER_ERRORS, SELLER_REQUESTS_PAGE_SIZE, sellerRequestsPageQuery } from './api';

/** Seller requests list: 5 per page over the server's total, newest first, with a search. */
export function SellerRequestsPage() {
  usePageTitle('Seller Requests');
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  // Archived requests (a paid one cannot be deleted: docs/decisions/0082) are listed only when asked for.
  const archived = params.get('archived') === 'true';
  const [page, setPage] = usePageParam();
  const requests = useQuery(
    sellerRequestsPageQuery({ offset: (page - 1) * SELLER_REQUESTS_PAGE_SIZE, search, archived }),
  );

  // ?search= and ?archived= in the URL so a reload and Back keep them; a new choice starts at page 1.
  const setParam = (name: 'search' | 'archived', next: string) => {
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next) copy.set(name, next);
      else copy.delete(name);
      copy.delete('page');
      return copy;
    });
  };
  const setSearch = (next: string) => setParam('search', next);
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
      <SearchForm label="Search by reference, phone or email" showLabel value={search} onSearch={setSearch} />
      <CheckboxField
        className="mb-3"
        label="Show archived requests only"
        checked={archived}
        onChange={(event) => setParam('archived', event.target.checked ? 'true' : '')}
      />
      <Loaded
        resource={requests}
        fallback={SELLER_ERRORS.list}
        skeleton={<TableSkeleton rows={SELLER_REQUESTS_PAGE_SIZE} />}
        waiting={pastEnd}
        isEmpty={(list) => list.total === 0}
        empty={
          search
            ? `No ${archived ? 'archived ' : ''}seller requests match “${search}”.`
            : archived
              ? 'No archived seller requests.'
              : 'No seller requests yet.'
        }
      >
        {(list) => (
          <>
            {search && (
              <p className="mb-2 text-sm text-stone-600" aria-live="polite">
                {`${list.total} seller request${list.total === 1 ? '' : 's'} matching “${search}”`}
              </p>
            )}
            <DataTable
              label="Seller requests"
              minWidth="min-w-[50rem]"
              columns={['Reference', 'Name', 'Email', 'Item Name', { label: 'Price', right: true }, 'Status']}
              actions="View"
            >
              {list.seller_requests.map((request) => (
                <tr key={request.id} data-testid={`request-row-${request.id}`}>
                  <td className={`${td} whitespace-nowrap font-mono font-semibold`}>{request.reference}</td>
                  <td className={`${td} font-medium`}>{request.seller_name}</td>
                  <td className={`${td} break-all`}>{request.email}</td>
                  <td className={td}>{request.item_name}</td>
                  <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{formatMoney(request.price)}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <Badge tone={statusTone(request.status)}>{request.status}</Badge>
                  </td>
                  <td className={`${td} text-right`}>
                    <RowLink
                      to={`/admin/seller-requests/${request.id}`}
                      label={`View ${request.item_name} from ${request.seller_name} (${request.reference})`}
                    >
                      View
                    </RowLink>
                  </td>
                </tr>
              ))}
            </DataTable>
            <TablePager
              page={page}
              total={list.total}
              size={SELLER_REQUESTS_PAGE_SIZE}
              onPage={setPage}
              label="Seller requests pages"
              always
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
