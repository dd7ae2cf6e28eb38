import { queryOptions } from '@tanstack/react-query';
import type { Category, categoryInputSchema } from '@marketplace/shared';
import type { z } from 'zod';
import { adminRequest } from '../api';
import { CATEGORIES_LIST_ERROR, categoryKeys } from '../components/catalogue-options';
import { notifySuccess } from '../toasts';

export type CategoryPayload = z.output<typeof categoryInputSchema>;

// docs/product.md#error-catalogue: the calls' own defaults...
export const CATEGORY_ERRORS = {
  list: CATEGORIES_LIST_ERROR,
  create: 'Failed to create category',
  one: 'Failed to fetch category',
  update: 'Failed to update category',
  remove: 'Failed to delete category',
} as const;
// ...and what the screens show.
export const CATEGORY_UI = {
  create: 'Error creating category',
  update: 'Error updating category',
  fetch: 'Failed to fetch category',
  fetched: 'Category fetched successfully!',
} as const;

/** A category that arrives is toasted 'Category fetched successfully!'; one that does not, 'Failed to fetch category'. */
export const categoryQuery = (id: string) =>
  queryOptions({
    queryKey: categoryKeys.one(id),
    queryFn: async ({ signal }) => {
      const found = await adminRequest<Category>(`/admin/categories/${encodeURIComponent(id)}`, {
        defaultMessage: CATEGORY_ERRORS.one,
        signal,
      });
      if (!signal.aborted) notifySuccess(CATEGORY_UI.fetched);
      return found;
    },
    meta: { defaultMessage: CATEGORY_ERRORS.one, errorToast: CATEGORY_UI.fetch },
  });

export function createCategory(input: CategoryPayload): Promise<Category> {
  return adminRequest<Category>('/admin/categories', {
    method: 'POST',
    body: input,
    defaultMessage: CATEGORY_ERRORS.create,
  });
}

export function updateCategory(id: number, input: CategoryPayload): Promise<Category> {
  return adminRequest<Category>(`/admin/categories/${id}`, {
    method: 'PUT',
    body: input,
    defaultMessage: CATEGORY_ERRORS.update,
  });
}

export function deleteCategory(id: number): Promise<void> {
  return adminRequest<void>(`/admin/categories/${id}`, { method: 'DELETE', defaultMessage: CATEGORY_ERRORS.remove });
}

/** Ids of a category and everything below it: none of them may become its parent. */
export function selfAndDescendants(categories: readonly Pick<Category, 'id' | 'parent_id'>[], id: number): Set<number> {
  const blocked = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of categories) {
      if (c.parent_id !== null && blocked.has(c.parent_id) && !blocked.has(c.id)) {
        blocked.add(c.id);
        grew = true;
      }
    }
  }
  return blocked;
}
