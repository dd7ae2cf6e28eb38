import type { Executor } from '../../../db/database.js';

/** A category named by its name key (lower-cased name), or by its id. */
export type CategoryRef = { key: string } | { id: number };

/**
 * The category as a sub-query of its id, for price estimates (modules/estimates) to compare within one category:
 * by id, or by name through the categories' name keys.
 */
export function categoryIds(db: Executor, category: CategoryRef) {
  const categories = db.selectFrom('categories').select('id');
  return 'id' in category ? categories.where('id', '=', category.id) : categories.where('name_key', '=', category.key);
}
