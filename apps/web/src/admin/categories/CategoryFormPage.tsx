import { useQuery } from '@tanstack/react-query';
import { categoryInputSchema, type Category } from '@marketplace/shared';
import { useMemo } from 'react';
import { useParams } from '../../lib/router';
import { usePageTitle } from '../use-page-title';
import { FormActions, FormCard } from '../components/form-layout';
import { BackLink, PageHeader, SelectField, TextAreaField, TextField } from '../components/ui';
import { RecordScreen } from '../components/RecordScreen';
import { FormSkeleton } from '../components/status';
import { notifyError } from '../toasts';
import { useAdminForm } from '../use-admin-form';
import { allCategoriesQuery, categoryKeys } from '../components/catalogue-options';
import { CATEGORY_ERRORS, CATEGORY_UI, categoryQuery, createCategory, selfAndDescendants, updateCategory } from './api';

const FIELDS = ['name', 'description', 'parent_id'] as const;

export function CreateCategoryPage() {
  usePageTitle('Create Category');
  return (
    <section>
      <PageHeader title="Create Category">
        <BackLink to="/admin/categories">Back to categories</BackLink>
      </PageHeader>
      <CategoryForm />
    </section>
  );
}

export function ViewCategoryPage() {
  const { id = '' } = useParams();
  const category = useQuery(categoryQuery(id));
  usePageTitle(category.data ? `Category: ${category.data.name}` : 'Category');
  return (
    <RecordScreen
      title="Edit Category"
      back={{ to: '/admin/categories', label: 'Back to categories' }}
      resource={category}
      fallback={CATEGORY_UI.fetch}
      skeleton={<FormSkeleton />}
    >
      {(loaded) => <CategoryForm key={loaded.id} category={loaded} />}
    </RecordScreen>
  );
}

function CategoryForm({ category }: { category?: Category }) {
  const all = useQuery(allCategoriesQuery());
  const parents = useMemo(() => {
    const list = all.data ?? [];
    const blocked = category ? selfAndDescendants(list, category.id) : new Set<number>();
    return list.filter((c) => !blocked.has(c.id)).sort((a, b) => a.name.localeCompare(b.name));
  }, [all.data, category]);
  const { form, field, serverError, save } = useAdminForm(
    categoryInputSchema,
    {
      name: category?.name ?? '',
      description: category?.description ?? '',
      parent_id: category?.parent_id === null || category?.parent_id === undefined ? '' : String(category.parent_id),
    },
    FIELDS,
  );

  const onSubmit = form.handleSubmit(async (values) => {
    const refused = await save(() => (category ? updateCategory(category.id, values) : createCategory(values)), {
      success: category ? 'Category updated successfully' : 'Category created successfully',
      done: '/admin/categories',
      fallback: category ? CATEGORY_ERRORS.update : CATEGORY_ERRORS.create,
      invalidates: categoryKeys.all,
    });
    // docs/product.md#error-catalogue: the server's message goes above the form; the toast says only what failed.
    if (refused) notifyError(category ? CATEGORY_UI.update : CATEGORY_UI.create);
  });

  // The current parent stays selectable even before the list arrives, so the select never shows a wrong value.
  const currentParentMissing = category?.parent_id != null && !parents.some((p) => p.id === category.parent_id);

  // The parent select is drawn once its options are known, so it opens on the right value.
  if (all.isPending) return <FormSkeleton />;

  return (
    <FormCard onSubmit={onSubmit} error={serverError} layout="space-y-4">
      <TextField label="Name" autoComplete="off" {...field('name')} />
      <TextAreaField label="Description" hint="Optional, at most 200 characters." {...field('description')} />
      <SelectField label="Parent category" {...field('parent_id')}>
        <option value="">None (top level)</option>
        {currentParentMissing && category?.parent_id != null && (
          <option value={String(category.parent_id)}>{category.parent ?? `#${category.parent_id}`}</option>
        )}
        {parents.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <FormActions
        label={category ? 'Save' : 'Create Category'}
        busyLabel="Saving…"
        submitting={form.formState.isSubmitting}
        cancelTo="/admin/categories"
      />
    </FormCard>
  );
}
