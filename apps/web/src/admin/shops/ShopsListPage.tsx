import { Link } from 'react-router';
import type { Shop } from '@marketplace/shared';
import { usePageTitle } from '../use-page-title';
import { errorMessage } from '../api';
import { useIsAdmin } from '../admin-context';
import { useConfirm } from '../components/ConfirmDialog';
import { LoadError, TableSkeleton } from '../components/status';
import { buttonStyles, PageHeader, Pager, TableWrap, td, th } from '../components/ui';
import { pageCount, usePageParam } from '../list-params';
import { notifyError, notifySuccess } from '../toasts';
import { useResource } from '../use-resource';
import { deleteShop, fetchAllShops, SHOPS_ERRORS, SHOPS_PAGE_SIZE } from './api';

export function ShopsListPage() {
  usePageTitle('Shops');
  const isAdmin = useIsAdmin();
  const [requestedPage, setPage] = usePageParam();
  const shops = useResource('shops', (signal) => fetchAllShops(signal), SHOPS_ERRORS.list);
  const [dialog, confirm] = useConfirm();

  async function onDelete(shop: Shop) {
    if (!(await confirm(`Are you sure you want to delete the shop ${shop.name}?`))) return;
    try {
      await deleteShop(shop.id);
      notifySuccess('Shop deleted successfully');
      shops.update((list) => list.filter((s) => s.id !== shop.id));
    } catch (error) {
      notifyError(errorMessage(error, SHOPS_ERRORS.remove));
    }
  }

  const list = shops.data;
  const pages = pageCount(list?.length ?? 0, SHOPS_PAGE_SIZE);
  const page = Math.min(requestedPage, pages);
  const rows = list?.slice((page - 1) * SHOPS_PAGE_SIZE, page * SHOPS_PAGE_SIZE) ?? [];

  return (
    <section>
      <PageHeader
        title="Shops"
        action={
          isAdmin ? (
            <Link to="/admin/shops/create" className={buttonStyles.primary}>
              Create Shop
            </Link>
          ) : undefined
        }
      />
      {!list && shops.error !== undefined ? (
        <LoadError error={shops.error} fallback={SHOPS_ERRORS.list} onRetry={shops.reload} />
      ) : !list ? (
        <TableSkeleton rows={SHOPS_PAGE_SIZE} />
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-700">No shops found.</p>
      ) : (
        <>
          <TableWrap label="Shops">
            <thead>
              <tr>
                <th scope="col" className={th}>Name</th>
                <th scope="col" className={th}>Address</th>
                <th scope="col" className={th}>Hours</th>
                <th scope="col" className={`${th} text-right`}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((shop) => (
                <tr key={shop.id}>
                  <td className={`${td} font-medium`}>{shop.name}</td>
                  <td className={td}>{shop.address}</td>
                  <td className={td}>{shop.contact}</td>
                  <td className={`${td} text-right`}>
                    <div className="flex justify-end gap-2">
                      <Link to={`/admin/shops/${shop.id}`} className={buttonStyles.secondarySmall} aria-label={`Edit ${shop.name}`}>
                        Edit
                      </Link>
                      {isAdmin && (
                        <button type="button" className={buttonStyles.secondarySmall} onClick={() => void onDelete(shop)} aria-label={`Delete ${shop.name}`}>
                          Delete
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableWrap>
          <Pager page={page} pages={pages} onPage={setPage} label="Shops pages" />
        </>
      )}
      {dialog}
    </section>
  );
}
