import type { Insertable, Updateable } from 'kysely';
import type { Engine, Executor } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';
import { selectUsers } from '../auth/index.js';

export async function listUsers(db: Executor, limit: number, offset: number) {
  const rows = await selectUsers(db).orderBy('users.id').limit(limit).offset(offset).execute();
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export async function emailTaken(db: Executor, email: string, exceptId?: number) {
  let q = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/**
 * Ids of the active Admins. On PostgreSQL the rows are locked, so two staff demoting the last two Admins
 * at once cannot both pass the check; SQLite transactions are already serialised (BEGIN IMMEDIATE).
 */
export async function activeAdminIds(db: Executor, engine: Engine): Promise<number[]> {
  let q = db.selectFrom('users').select('id').where('role', '=', 'Admin').where('status', '=', 'active');
  if (engine === 'postgres') q = q.forUpdate();
  return (await q.execute()).map((r) => r.id);
}

export async function insertUser(db: Executor, values: Insertable<UsersTable>) {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Executor, id: number, values: Updateable<UsersTable>) {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function deleteUser(db: Executor, id: number) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
