import { formatMoney, type AdminFeatured } from '@marketplace/shared';
import { Link } from '../../lib/router';
import { DataTable, RowActions, RowButton, RowLink } from '../components/DataTable';
import { PagedListScreen } from '../components/PagedListScreen';
import { Badge, buttonStyles, td } from '../components/ui';
import { useConfirmedDelete } from '../use-confirmed-delete';
import { FEATURED_ERRORS, FEATURED_PAGE_SIZE, featuredKeys, featuredPageQuery, removeFeatured } from './api';

export function FeaturedListPage() {
  const [dialog, onRemove] = useConfirmedDelete<AdminFeatured>({
    question: 'Are you sure you want to delete this featured product?',
    remove: (item) => removeFeatured(item.product_id),
    success: 'Featured product deleted successfully!',
    fallback: FEATURED_ERRORS.remove,
    invalidates: featuredKeys.all,
  });

  return (
    <PagedListScreen
      title="Featured Products"
      action={
        <Link to="/admin/products" className={buttonStyles.secondary}>
          Feature a product
        </Link>
      }
      query={featuredPageQuery}
      size={FEATURED_PAGE_SIZE}
      fallback={FEATURED_ERRORS.list}
      empty="No featured products yet. Use “Add to Featured” on a published product."
      pagerLabel="Featured products pages"
      dialog={dialog}
    >
      {(items) => (
        <DataTable
          label="Featured products"
          columns={['Name', { label: 'Price', right: true }, 'Published']}
          actions="Actions"
        >
          {items.map((item) => (
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
      )}
    </PagedListScreen>
  );
}
