import { useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/router';
import type { Category } from '@marketplace/shared';
import { usePageTitle } from '../use-page-title';
import { DataTable, RowActions, RowButton, RowLink } from '../components/DataTable';
import { Loaded, TableSkeleton } from '../components/status';
import { buttonStyles, PageHeader, td } from '../components/ui';
import { useConfirmedDelete } from '../use-confirmed-delete';
import { allCategoriesQuery, categoryKeys } from '../components/catalogue-options';
import { CATEGORY_ERRORS, deleteCategory } from './api';

export function CategoriesListPage() {
  usePageTitle('Categories');
  const categories = useQuery(allCategoriesQuery());
  const [dialog, onDelete] = useConfirmedDelete<Category>({
    question: 'Are you sure you want to delete this category?',
    remove: (category) => deleteCategory(category.id),
    success: 'Category deleted successfully',
    fallback: CATEGORY_ERRORS.remove,
    invalidates: categoryKeys.all,
  });

  return (
    <section>
      <PageHeader
        title="Categories"
        action={
          <Link to="/admin/create-category" className={buttonStyles.primary}>
            Create categories
          </Link>
        }
      />
      <Loaded
        resource={categories}
        fallback={CATEGORY_ERRORS.list}
        skeleton={<TableSkeleton />}
        isEmpty={(list) => list.length === 0}
        empty="No categories found."
      >
        {(list) => (
          <DataTable label="Categories" columns={['Name', 'Description', 'Parent']} actions="Actions">
            {list.map((category) => (
              <tr key={category.id}>
                <td className={`${td} font-medium`}>{category.name}</td>
                <td className={`${td} max-w-xs text-stone-700`}>
                  {category.description || <span className="text-stone-500">—</span>}
                </td>
                <td className={td}>{category.parent || <span className="text-stone-500">—</span>}</td>
                <RowActions>
                  <RowLink to={`/admin/view-category/${category.id}`} label={`View / Edit ${category.name}`}>
                    View / Edit
                  </RowLink>
                  <RowButton label={`Delete ${category.name}`} onClick={() => void onDelete(category)}>
                    Delete
                  </RowButton>
                </RowActions>
              </tr>
            ))}
          </DataTable>
        )}
      </Loaded>
      {dialog}
    </section>
  );
}
