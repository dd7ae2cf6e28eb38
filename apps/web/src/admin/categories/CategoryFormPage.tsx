import { zodResolver } from '@hookform/resolvers/zod';
import { categoryInputSchema, type Category } from '@marketplace/shared';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { usePageTitle } from '../use-page-title';
import { errorMessage } from '../api';
import { Card, FormError, buttonStyles, PageHeader, SelectField, TextAreaField, TextField } from '../components/ui';
import { FormSkeleton, LoadError } from '../components/status';
import { applyFieldErrors } from '../form-errors';
import { notifyError, notifySuccess } from '../toasts';
import { useResource } from '../use-resource';
import { CATEGORY_ERRORS, CATEGORY_UI, createCategory, fetchAllCategories, fetchCategory, selfAndDescendants, updateCategory } from './api';

type FormIn = z.input<typeof categoryInputSchema>;
type FormOut = z.output<typeof categoryInputSchema>;
const FIELDS = ['name', 'description', 'parent_id'] as const;

export function CreateCategoryPage() {
  usePageTitle('Create Category');
  return (
    <section>
      <PageHeader title="Create Category">
        <BackLink />
      </PageHeader>
      <CategoryForm />
    </section>
  );
}

export function ViewCategoryPage() {
  const { id = '' } = useParams();
  const category = useResource(
    `category:${id}`,
    async (signal) => {
      const found = await fetchCategory(id, signal);
      if (!signal.aborted) notifySuccess(CATEGORY_UI.fetched);
      return found;
    },
    CATEGORY_ERRORS.one,
    { errorToast: CATEGORY_UI.fetch },
  );
  usePageTitle(category.data ? `Category: ${category.data.name}` : 'Category');
  return (
    <section>
      <PageHeader title="Edit Category">
        <BackLink />
      </PageHeader>
      {category.data ? (
        <CategoryForm key={category.data.id} category={category.data} />
      ) : category.error !== undefined ? (
        <LoadError error={category.error} fallback={CATEGORY_UI.fetch} onRetry={category.reload} />
      ) : (
        <FormSkeleton />
      )}
    </section>
  );
}

function BackLink() {
  return (
    <Link to="/admin/categories" className="text-sm font-medium text-teal-800 underline">
      Back to categories
    </Link>
  );
}

function CategoryForm({ category }: { category?: Category }) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const all = useResource('categories', (signal) => fetchAllCategories(signal), CATEGORY_ERRORS.list);
  const parents = useMemo(() => {
    const list = all.data ?? [];
    const blocked = category ? selfAndDescendants(list, category.id) : new Set<number>();
    return list.filter((c) => !blocked.has(c.id)).sort((a, b) => a.name.localeCompare(b.name));
  }, [all.data, category]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: {
      name: category?.name ?? '',
      description: category?.description ?? '',
      parent_id: category?.parent_id === null || category?.parent_id === undefined ? '' : String(category.parent_id),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      if (category) await updateCategory(category.id, values);
      else await createCategory(values);
      notifySuccess(category ? 'Category updated successfully' : 'Category created successfully');
      navigate('/admin/categories');
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      setServerError(errorMessage(error, category ? CATEGORY_ERRORS.update : CATEGORY_ERRORS.create));
      notifyError(category ? CATEGORY_UI.update : CATEGORY_UI.create);
    }
  });

  // The current parent stays selectable even before the list arrives, so the select never shows a wrong value.
  const currentParentMissing = category?.parent_id != null && !parents.some((p) => p.id === category.parent_id);

  // The parent select is drawn once its options are known, so it opens on the right value.
  if (!all.data && all.loading) return <FormSkeleton />;

  return (
    <Card className="max-w-2xl p-4 md:p-6">
      <FormError message={serverError} />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <TextAreaField label="Description" hint="Optional, at most 200 characters." error={errors.description?.message} {...register('description')} />
        <SelectField label="Parent category" error={errors.parent_id?.message} {...register('parent_id')}>
          <option value="">None (top level)</option>
          {currentParentMissing && category?.parent_id != null && <option value={String(category.parent_id)}>{category.parent ?? `#${category.parent_id}`}</option>}
          {parents.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <div className="flex gap-2">
          <button type="submit" className={buttonStyles.primary} disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : category ? 'Save' : 'Create Category'}
          </button>
          <Link to="/admin/categories" className={buttonStyles.secondary}>
            Cancel
          </Link>
        </div>
      </form>
    </Card>
  );
}
