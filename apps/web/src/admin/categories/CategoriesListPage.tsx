import { Link } from 'react-router';
import type { Category } from '@marketplace/shared';
import { usePageTitle } from '../use-page-title';
import { errorMessage } from '../api';
import { useConfirm } from '../components/ConfirmDialog';
import { LoadError, TableSkeleton } from '../components/status';
import { buttonStyles, PageHeader, TableWrap, td, th } from '../components/ui';
import { notifyError, notifySuccess } from '../toasts';
import { useResource } from '../use-resource';
import { CATEGORY_ERRORS, deleteCategory, fetchAllCategories } from './api';

export function CategoriesListPage() {
  usePageTitle('Categories');
  const categories = useResource('categories', (signal) => fetchAllCategories(signal), CATEGORY_ERRORS.list);
  const [dialog, confirm] = useConfirm();

  async function onDelete(category: Category) {
    if (!(await confirm('Are you sure you want to delete this category?'))) return;
    try {
      await deleteCategory(category.id);
      notifySuccess('Category deleted successfully');
      categories.reload();
    } catch (error) {
      notifyError(errorMessage(error, CATEGORY_ERRORS.remove));
    }
  }

  const list = categories.data;
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
      {!list && categories.error !== undefined ? (
        <LoadError error={categories.error} fallback={CATEGORY_ERRORS.list} onRetry={categories.reload} />
      ) : !list ? (
        <TableSkeleton />
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-700">No categories found.</p>
      ) : (
        <TableWrap label="Categories">
          <thead>
            <tr>
              <th scope="col" className={th}>Name</th>
              <th scope="col" className={th}>Description</th>
              <th scope="col" className={th}>Parent</th>
              <th scope="col" className={`${th} text-right`}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((category) => (
              <tr key={category.id}>
                <td className={`${td} font-medium`}>{category.name}</td>
                <td className={`${td} max-w-xs text-stone-700`}>{category.description || <span className="text-stone-500">—</span>}</td>
                <td className={td}>{category.parent || <span className="text-stone-500">—</span>}</td>
                <td className={`${td} text-right`}>
                  <div className="flex justify-end gap-2">
                    <Link to={`/admin/view-category/${category.id}`} className={buttonStyles.secondarySmall} aria-label={`View / Edit ${category.name}`}>
                      View / Edit
                    </Link>
                    <button type="button" className={buttonStyles.secondarySmall} onClick={() => void onDelete(category)} aria-label={`Delete ${category.name}`}>
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </TableWrap>
      )}
      {dialog}
    </section>
  );
}
