import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { CategoriesTable } from '../../db/schema.js';

function withParent(db: Executor) {
  return db
    .selectFrom('categories as c')
    .leftJoin('categories as p', 'p.id', 'c.parent_id')
    .select(['c.id', 'c.name', 'c.description', 'c.parent_id', 'p.name as parent']);
}

export async function listCategories(db: Executor, limit: number, offset: number) {
  const rows = await withParent(db).orderBy('c.name').orderBy('c.id').limit(limit).offset(offset).execute();
  const { n } = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export function findCategory(db: Executor, id: number) {
  return withParent(db).where('c.id', '=', id).executeTakeFirst();
}

/** The category of this name, whatever its case; undefined when there is none. */
export async function categoryIdByName(db: Executor, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('name_key', '=', name.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

export async function nameTaken(db: Executor, nameKey: string, exceptId?: number) {
  let q = db.selectFrom('categories').select('id').where('name_key', '=', nameKey);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export function parentOf(db: Executor, id: number) {
  return db.selectFrom('categories').select('parent_id').where('id', '=', id).executeTakeFirst();
}

export async function insertCategory(db: Executor, values: Insertable<CategoriesTable>) {
  return (await db.insertInto('categories').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateCategory(db: Executor, id: number, values: Updateable<CategoriesTable>) {
  await db.updateTable('categories').set(values).where('id', '=', id).execute();
}

export async function deleteCategory(db: Executor, id: number) {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

/**
 * The categories buyers see: those with a published item not yet sold, by name. One probe of the
 * products' (category_id, published, ...) index per category, not a count of every product.
 */
export async function storefrontCategories(db: Executor) {
  return db
    .selectFrom('categories as c')
    .select(['c.id', 'c.name'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('products as p')
          .select('p.id')
          .whereRef('p.category_id', '=', 'c.id')
          .where('p.published', '=', 1)
          .where('p.sold', '=', 0),
      ),
    )
    .orderBy('c.name_key')
    .orderBy('c.id')
    .execute();
}

export async function categoryExists(db: Executor, id: number) {
  return (await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
