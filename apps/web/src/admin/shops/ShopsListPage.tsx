import { useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/router';
import { formatMalawiPhone, type Shop } from '@marketplace/shared';
import { usePageTitle } from '../use-page-title';
import { DataTable, RowActions, RowButton, RowLink, TablePager } from '../components/DataTable';
import { Loaded, TableSkeleton } from '../components/status';
import { buttonStyles, PageHeader, td } from '../components/ui';
import { pageCount, usePageParam } from '../list-params';
import { useConfirmedDelete } from '../use-confirmed-delete';
import { allShopsQuery, shopKeys } from '../components/catalogue-options';
import { deleteShop, SHOPS_ERRORS, SHOPS_PAGE_SIZE } from './api';

export function ShopsListPage() {
  usePageTitle('Shops');
  const [requestedPage, setPage] = usePageParam();
  const shops = useQuery(allShopsQuery());
  const [dialog, onDelete] = useConfirmedDelete<Shop>({
    question: (shop) => `Are you sure you want to delete the shop ${shop.name}?`,
    remove: (shop) => deleteShop(shop.id),
    success: 'Shop deleted successfully',
    fallback: SHOPS_ERRORS.remove,
    invalidates: shopKeys.all,
  });

  // Every shop is loaded; the pages are cut here.
  const total = shops.data?.length ?? 0;
  const page = Math.min(requestedPage, pageCount(total, SHOPS_PAGE_SIZE));
  const rows = shops.data?.slice((page - 1) * SHOPS_PAGE_SIZE, page * SHOPS_PAGE_SIZE) ?? [];

  return (
    <section>
      <PageHeader
        title="Shops"
        action={
          <Link to="/admin/shops/create" className={buttonStyles.primary}>
            Create Shop
          </Link>
        }
      />
      <Loaded
        resource={shops}
        fallback={SHOPS_ERRORS.list}
        skeleton={<TableSkeleton rows={SHOPS_PAGE_SIZE} />}
        isEmpty={(list) => list.length === 0}
        empty="No shops found."
      >
        {() => (
          <>
            <DataTable
              label="Shops"
              minWidth="min-w-[48rem]"
              columns={['Name', 'Address', 'Town', 'Hours', 'Phone']}
              actions="Actions"
            >
              {rows.map((shop) => (
                <tr key={shop.id}>
                  <td className={`${td} font-medium`}>{shop.name}</td>
                  <td className={td}>{shop.address}</td>
                  <td className={td}>{shop.town}</td>
                  <td className={td}>{shop.hours}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    {shop.phone ? formatMalawiPhone(shop.phone) : <span className="text-stone-500">—</span>}
                  </td>
                  <RowActions>
                    <RowLink to={`/admin/shops/${shop.id}`} label={`Edit ${shop.name}`}>
                      Edit
                    </RowLink>
                    <RowButton label={`Delete ${shop.name}`} onClick={() => void onDelete(shop)}>
                      Delete
                    </RowButton>
                  </RowActions>
                </tr>
              ))}
            </DataTable>
            <TablePager page={page} total={total} size={SHOPS_PAGE_SIZE} onPage={setPage} label="Shops pages" always />
          </>
        )}
      </Loaded>
      {dialog}
    </section>
  );
}
