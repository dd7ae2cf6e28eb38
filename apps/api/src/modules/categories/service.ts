import { ALL_CATEGORIES, type categoryInputSchema } from '@marketplace/shared';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { nowIso, type Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { indexProductSearch, productIdsInCategory } from '../products/index.js';
import { deleteCategory, findCategory, insertCategory, nameTaken, parentOf, updateCategory } from './repository.js';

export const CATEGORY_NOT_FOUND = 'Category not found';
export const CATEGORY_TAKEN = 'A category with this name already exists.';
export const CATEGORY_NAME_KEPT = '"All" is the storefront\'s view of every item: choose another name.';
const PARENT_NOT_FOUND = 'Parent category not found';
export const CATEGORY_CYCLE = 'A category cannot be its own parent or ancestor.';
export const CATEGORY_IN_USE = 'This category is used by products. Move them to another category before deleting it.';

type CategoryInput = z.output<typeof categoryInputSchema>;

/** Refuses a parent that does not exist or that would make the category its own ancestor. */
/** Refuses a name already used, whatever its case, or the name of the storefront's All view. */
async function checkName(trx: Transaction<Database>, key: string, id?: number) {
  if (key === ALL_CATEGORIES) throw new HttpError(409, CATEGORY_NAME_KEPT, { name: CATEGORY_NAME_KEPT });
  if (await nameTaken(trx, key, id)) throw new HttpError(409, CATEGORY_TAKEN, { name: CATEGORY_TAKEN });
}

async function checkParent(trx: Transaction<Database>, id: number | undefined, parentId: number | null) {
  if (parentId === null) return;
  if (parentId === id) throw new HttpError(409, CATEGORY_CYCLE, { parent_id: CATEGORY_CYCLE });
  const seen = new Set<number>();
  let current: number | null = parentId;
  while (current !== null) {
    if (current === id) throw new HttpError(409, CATEGORY_CYCLE, { parent_id: CATEGORY_CYCLE });
    if (seen.has(current)) break;
    seen.add(current);
    const row = await parentOf(trx, current);
    if (!row) {
      if (current === parentId) throw new HttpError(400, PARENT_NOT_FOUND, { parent_id: PARENT_NOT_FOUND });
      break;
    }
    current = row.parent_id;
  }
}

export async function createCategory(db: Db, actor: SessionUser, input: CategoryInput) {
  return db.kysely.transaction().execute(async (trx) => {
    const key = input.name.toLowerCase();
    await checkName(trx, key);
    await checkParent(trx, undefined, input.parent_id);
    const now = nowIso();
    const id = await insertCategory(trx, {
      name: input.name,
      name_key: key,
      description: input.description,
      parent_id: input.parent_id,
      created_at: now,
      updated_at: now,
    });
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Created category ${input.name}`,
      subjectType: 'category',
      subjectId: id,
    });
    return (await findCategory(trx, id))!;
  });
}

export async function changeCategory(db: Db, actor: SessionUser, id: number, input: CategoryInput) {
  return db.kysely.transaction().execute(async (trx) => {
    const before = await findCategory(trx, id);
    if (!before) throw new HttpError(404, CATEGORY_NOT_FOUND);
    const key = input.name.toLowerCase();
    await checkName(trx, key, id);
    await checkParent(trx, id, input.parent_id);
    await updateCategory(trx, id, {
      name: input.name,
      name_key: key,
      description: input.description,
      parent_id: input.parent_id,
      updated_at: nowIso(),
    });
    // Search matches category names: a rename re-indexes the category's products.
    if (before.name !== input.name) await indexProductSearch(trx, await productIdsInCategory(trx, id));
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Updated category ${input.name}`,
      subjectType: 'category',
      subjectId: id,
    });
    return (await findCategory(trx, id))!;
  });
}

export async function removeCategory(db: Db, actor: SessionUser, id: number) {
  await db.kysely.transaction().execute(async (trx) => {
    const category = await findCategory(trx, id);
    if (!category) throw new HttpError(404, CATEGORY_NOT_FOUND);
    if ((await productIdsInCategory(trx, id)).length > 0) throw new HttpError(409, CATEGORY_IN_USE);
    await deleteCategory(trx, id);
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Deleted category ${category.name}`,
      subjectType: 'category',
      subjectId: id,
    });
  });
}
