import type { Category, categoryInputSchema } from '@marketplace/shared';
import type { z } from 'zod';
import { adminRequest, fetchAll } from '../api';

export type CategoryPayload = z.output<typeof categoryInputSchema>;

export const CATEGORIES_LIMIT = 100;
// Spec 8: the calls' own defaults...
export const CATEGORY_ERRORS = {
  list: 'Failed to fetch categories',
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

/** Every category, 100 at a time (spec 9: categories page size 100). */
export function fetchAllCategories(signal?: AbortSignal): Promise<Category[]> {
  return fetchAll<Category>('/admin/categories', 'categories', CATEGORIES_LIMIT, CATEGORY_ERRORS.list, signal);
}

export function fetchCategory(id: string, signal?: AbortSignal): Promise<Category> {
  return adminRequest<Category>(`/admin/categories/${encodeURIComponent(id)}`, { defaultMessage: CATEGORY_ERRORS.one, signal });
}

export function createCategory(input: CategoryPayload): Promise<Category> {
  return adminRequest<Category>('/admin/categories', { method: 'POST', json: input, defaultMessage: CATEGORY_ERRORS.create });
}

export function updateCategory(id: number, input: CategoryPayload): Promise<Category> {
  return adminRequest<Category>(`/admin/categories/${id}`, { method: 'PUT', json: input, defaultMessage: CATEGORY_ERRORS.update });
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
