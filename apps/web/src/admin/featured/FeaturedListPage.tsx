import { formatMoney, type AdminFeatured } from '@marketplace/shared';
import { Link } from 'react-router';
import { usePageTitle } from '../use-page-title';
import { errorMessage } from '../api';
import { useConfirm } from '../components/ConfirmDialog';
import { LoadError, TableSkeleton } from '../components/status';
import { Badge, buttonStyles, PageHeader, Pager, TableWrap, td, th } from '../components/ui';
import { pageCount, usePageParam } from '../list-params';
import { notifyError, notifySuccess } from '../toasts';
import { useResource } from '../use-resource';
import { FEATURED_ERRORS, FEATURED_PAGE_SIZE, fetchFeatured, removeFeatured } from './api';

export function FeaturedListPage() {
  usePageTitle('Featured Products');
  const [page, setPage] = usePageParam();
  const offset = (page - 1) * FEATURED_PAGE_SIZE;
  const featured = useResource(`featured:${offset}`, (signal) => fetchFeatured({ limit: FEATURED_PAGE_SIZE, offset }, signal), FEATURED_ERRORS.list);
  const [dialog, confirm] = useConfirm();

  async function onRemove(item: AdminFeatured) {
    if (!(await confirm('Are you sure you want to delete this featured product?'))) return;
    try {
      await removeFeatured(item.product_id);
      notifySuccess('Featured product deleted successfully!');
      featured.reload();
    } catch (error) {
      notifyError(errorMessage(error, FEATURED_ERRORS.remove));
    }
  }

  const data = featured.data;
  const pages = pageCount(data?.total ?? 0, FEATURED_PAGE_SIZE);
  return (
    <section>
      <PageHeader
        title="Featured Products"
        action={
          <Link to="/admin/products" className={buttonStyles.secondary}>
            Feature a product
          </Link>
        }
      />
      {!data && featured.error !== undefined ? (
        <LoadError error={featured.error} fallback={FEATURED_ERRORS.list} onRetry={featured.reload} />
      ) : !data ? (
        <TableSkeleton />
      ) : data.items.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-700">
          No featured products yet. Use “Add to Featured” on a published product.
        </p>
      ) : (
        <>
          <TableWrap label="Featured products">
            <thead>
              <tr>
                <th scope="col" className={th}>Name</th>
                <th scope="col" className={`${th} text-right`}>Price</th>
                <th scope="col" className={th}>Published</th>
                <th scope="col" className={`${th} text-right`}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.id}>
                  <td className={`${td} font-medium`}>{item.name}</td>
                  <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{formatMoney(item.price)}</td>
                  <td className={td}>
                    <Badge tone={item.is_published ? 'green' : 'grey'}>{item.is_published ? 'Published' : 'Unpublished'}</Badge>
                  </td>
                  <td className={`${td} text-right`}>
                    <div className="flex justify-end gap-2">
                      <Link to={`/admin/products/${item.product_id}`} className={buttonStyles.secondarySmall} aria-label={`View ${item.name}`}>
                        View
                      </Link>
                      <button type="button" className={buttonStyles.secondarySmall} onClick={() => void onRemove(item)} aria-label={`Remove ${item.name}`}>
                        Remove
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableWrap>
          {pages > 1 && <Pager page={Math.min(page, pages)} pages={pages} onPage={setPage} label="Featured products pages" />}
        </>
      )}
      {dialog}
    </section>
  );
}
