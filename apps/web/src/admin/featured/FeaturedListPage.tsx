import { useQuery } from '@tanstack/react-query';
import { formatMoney, type AdminFeatured } from '@marketplace/shared';
import { Link } from '../../lib/router';
import { usePageTitle } from '../use-page-title';
import { DataTable, RowActions, RowButton, RowLink, TablePager } from '../components/DataTable';
import { Loaded, TableSkeleton } from '../components/status';
import { Badge, buttonStyles, PageHeader, td } from '../components/ui';
import { usePageParam } from '../list-params';
import { useConfirmedDelete } from '../use-confirmed-delete';
import { FEATURED_ERRORS, FEATURED_PAGE_SIZE, featuredKeys, featuredPageQuery, removeFeatured } from './api';

export function FeaturedListPage() {
  usePageTitle('Featured Products');
  const [page, setPage] = usePageParam();
  const featured = useQuery(featuredPageQuery({ limit: FEATURED_PAGE_SIZE, offset: (page - 1) * FEATURED_PAGE_SIZE }));
  const [dialog, onRemove] = useConfirmedDelete<AdminFeatured>({
    question: 'Are you sure you want to delete this featured product?',
    remove: (item) => removeFeatured(item.product_id),
    success: 'Featured product deleted successfully!',
    fallback: FEATURED_ERRORS.remove,
    invalidates: featuredKeys.all,
  });

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
      <Loaded
        resource={featured}
        fallback={FEATURED_ERRORS.list}
        skeleton={<TableSkeleton />}
        isEmpty={(data) => data.items.length === 0}
        empty="No featured products yet. Use “Add to Featured” on a published product."
      >
        {(data) => (
          <>
            <DataTable
              label="Featured products"
              columns={['Name', { label: 'Price', right: true }, 'Published']}
              actions="Actions"
            >
              {data.items.map((item) => (
                <tr key={item.id}>
                  <td className={`${td} font-medium`}>{item.name}</td>
                  <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{formatMoney(item.price)}</td>
                  <td className={td}>
                    <Badge tone={item.is_published ? 'green' : 'grey'}>
                      {item.is_published ? 'Published' : 'Unpublished'}
                    </Badge>
                  </td>
                  <RowActions>
                    <RowLink to={`/admin/products/${item.product_id}`} label={`View ${item.name}`}>
                      View
                    </RowLink>
                    <RowButton label={`Remove ${item.name}`} onClick={() => void onRemove(item)}>
                      Remove
                    </RowButton>
                  </RowActions>
                </tr>
              ))}
            </DataTable>
            <TablePager
              page={page}
              total={data.total}
              size={FEATURED_PAGE_SIZE}
              onPage={setPage}
              label="Featured products pages"
            />
          </>
        )}
      </Loaded>
      {dialog}
    </section>
  );
}
